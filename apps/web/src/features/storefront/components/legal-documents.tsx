import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from './external-link';

/*
 * The demo's Terms of Service and Privacy Policy: plausible text for a small Australian agency,
 * written to match what this application really does (prices before GST, card payments through a
 * provider, renewing plans cancelled from the dashboard, files uploaded with a brief).
 * A business that adopts the application should have its own reviewed by a lawyer.
 */

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 first:mt-0">
      <h2 className="text-2xl font-extrabold">{title}</h2>
      <div className="mt-3 flex flex-col gap-3 leading-relaxed">{children}</div>
    </section>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="flex list-disc flex-col gap-1.5 pl-6">{children}</ul>;
}

const inlineLink = 'font-semibold underline underline-offset-2 hover:text-accent-strong';

function OaicLink() {
  return (
    <ExternalLink href="https://www.oaic.gov.au" className={inlineLink}>
      www.oaic.gov.au
    </ExternalLink>
  );
}

export function TermsOfService({ companyName }: { companyName: string }) {
  return (
    <>
      <Section title="1. Who we are">
        <p>
          {companyName} (&lsquo;we&rsquo;, &lsquo;us&rsquo;, &lsquo;our&rsquo;) is an Australian
          marketing agency. We plan and run marketing for businesses: design, content, video,
          websites, search, social media and advertising. Our Australian Business Number (ABN) is
          printed on every tax invoice we issue.
        </p>
        <p>
          These terms apply when you use this website, create an account or order a service from us.
          By placing an order you agree to them, so please read them first. If you order on behalf
          of a business, you confirm that you may bind that business to these terms.
        </p>
      </Section>

      <Section title="2. Our services">
        <p>
          Each service page sets out its packages, what each package includes and any optional
          extras. When you place an order we open a project for it in your dashboard, where you can
          send us your brief and files and follow each stage of the work.
        </p>
        <List>
          <li>
            Timeframes we give are estimates. They start once we have your brief and the materials
            we asked for, and move if approvals or feedback arrive late.
          </li>
          <li>
            Work outside the package you ordered, or more rounds of changes than it includes, is
            quoted separately. Nothing extra is charged without your written approval.
          </li>
          <li>
            Marketing results depend on things no agency controls: your market, your competitors,
            search engines and advertising platforms. We promise to do the work with due care and
            skill; we do not guarantee rankings, leads, followers or sales.
          </li>
        </List>
      </Section>

      <Section title="3. Your account and your materials">
        <p>
          Keep your account details accurate and your password to yourself; you are responsible for
          what is done with your account. Tell us straight away if you think someone else has used
          it.
        </p>
        <p>
          You confirm that you own, or have permission to use, the logos, photos, copy and other
          material you give us, and that using them for your marketing breaks no law and no one
          else&rsquo;s rights. Advertising and claims we publish for you must be true, so please
          tell us if anything in your brief could mislead.
        </p>
      </Section>

      <Section title="4. Prices, payment and GST">
        <List>
          <li>
            Prices on this site are in Australian dollars and exclude GST. At checkout we add GST at
            10% and show you the total before you pay. Every payment comes with a tax invoice by
            email.
          </li>
          <li>
            One-time packages and set-up fees are paid in full when you order. Plans that renew
            (every week, two weeks, month, quarter or year) are charged in advance, on the day you
            order and then at the start of each following period, until you cancel.
          </li>
          <li>
            Card payments are processed by our payment provider. We never see or store your full
            card number.
          </li>
          <li>
            If a renewal payment is declined we try again over the following days and email you. If
            it still fails, we pause the work until the plan is paid up.
          </li>
          <li>
            Advertising spend is not part of our fees: Google, Meta and other platforms bill your
            own card directly. Printing, postage and other third-party costs are quoted before we
            commit to them.
          </li>
        </List>
      </Section>

      <Section title="5. Cancelling a plan">
        <p>
          You can cancel a renewing plan at any time from your dashboard. Cancelling stops the next
          renewal; the work already paid for carries on to the end of the current period (week, two
          weeks, month, quarter or year). Plans have no lock-in period unless the package says
          otherwise before you order.
        </p>
      </Section>

      <Section title="6. Refunds">
        <p>
          Our services come with guarantees under the Australian Consumer Law that cannot be
          excluded. If we fail to deliver a service with due care and skill, or it is not fit for
          the purpose we agreed, we will fix it at no cost or refund what you paid for the affected
          part. Nothing in these terms limits those rights.
        </p>
        <p>Beyond that:</p>
        <List>
          <li>If you change your mind before we start work on a project, we refund it in full.</li>
          <li>
            Once work has started, we refund the part of the price for work not yet done, less any
            third-party costs we have already paid on your behalf.
          </li>
          <li>
            Payments for a period of a plan that has already started are not refunded when you
            cancel.
          </li>
        </List>
        <p>
          To ask for a refund, contact us with your order details. We reply within five business
          days.
        </p>
      </Section>

      <Section title="7. Intellectual property">
        <p>
          Once you have paid for a project in full, you own the final work we made for you in it:
          your logo and brand assets, copy, designs, photos and video edits. Until then we license
          it to you for review only.
        </p>
        <p>
          We keep ownership of our own tools, templates, methods and know-how, and of drafts and
          concepts you did not choose. Stock images, fonts, music and other licensed material stay
          under their owners&rsquo; licences, which we pass on to you. We may show finished work in
          our portfolio unless you ask us not to.
        </p>
        <p>
          The content of this website belongs to us. To report material here that you believe
          infringes your rights, see our{' '}
          <Link to="/intellectual-property-claims" className={inlineLink}>
            Intellectual Property Claims
          </Link>{' '}
          page.
        </p>
      </Section>

      <Section title="8. Liability">
        <p>
          To the extent the law allows, and apart from the guarantees described in section 6, our
          total liability for any claim about a service is limited to supplying that service again
          or refunding what you paid for it. We are not liable for indirect or consequential loss,
          such as lost profits or revenue, or for the decisions of advertising platforms and search
          engines.
        </p>
      </Section>

      <Section title="9. Privacy">
        <p>
          How we handle your personal information is set out in our{' '}
          <Link to="/privacy-policy" className={inlineLink}>
            Privacy Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="10. Changes and governing law">
        <p>
          We may update these terms; the version on this page when you place an order applies to
          that order. These terms are governed by the law of New South Wales, Australia, and the
          courts of New South Wales may hear any dispute about them.
        </p>
      </Section>
    </>
  );
}

export function PrivacyPolicy({ companyName }: { companyName: string }) {
  return (
    <>
      <Section title="1. Who we are">
        <p>
          {companyName} (&lsquo;we&rsquo;, &lsquo;us&rsquo;, &lsquo;our&rsquo;) is an Australian
          marketing agency. We handle personal information in line with the Privacy Act 1988 (Cth)
          and the Australian Privacy Principles (APPs). This policy explains what we collect, why,
          how long we keep it and how you can see, correct or remove it.
        </p>
      </Section>

      <Section title="2. What we collect">
        <List>
          <li>
            <strong>Contact details</strong>: your name, email address and phone number, and the
            business you order for.
          </li>
          <li>
            <strong>Your account</strong>: your password, which we store only in a scrambled
            (hashed) form we cannot read, or, if you sign in with Google, Facebook or Apple, the
            account identifier and email address that provider shares with us.
          </li>
          <li>
            <strong>Orders and projects</strong>: what you order, your brief, the files you upload,
            our messages and your tax invoices.
          </li>
          <li>
            <strong>Payments</strong>: our payment provider collects your card details. We keep only
            the card&rsquo;s brand and last four digits, and the provider&rsquo;s reference we use
            to charge the renewals of a plan.
          </li>
          <li>
            <strong>Use of this site</strong>: the services you have viewed while signed in, and
            technical details such as your IP address and browser, which our servers log.
          </li>
        </List>
        <p>
          We collect this from you, from the sign-in provider you choose and from our own systems.
          You can browse this site and ask us general questions without telling us who you are.
        </p>
      </Section>

      <Section title="3. Why we use it">
        <List>
          <li>to deliver the services you order and keep you up to date on each project;</li>
          <li>to run your account, take payments and issue tax invoices;</li>
          <li>to keep this site and your account secure and to prevent fraud;</li>
          <li>
            to send you occasional news and offers, which you can stop at any time with the
            unsubscribe link in every marketing email;
          </li>
          <li>to meet our legal obligations, such as keeping tax records.</li>
        </List>
        <p>
          We do not sell your personal information, and we do not use it to profile you for ads.
        </p>
      </Section>

      <Section title="4. Who we share it with">
        <p>
          Only with the businesses that help us provide our services, and only what each one needs:
          our payment provider, our hosting, file storage and email delivery services, and the
          advertising or publishing platforms you ask us to run campaigns on. We may also disclose
          information to our professional advisers, or when the law requires it.
        </p>
        <p>
          Some of these providers store data outside Australia, including in the United States.
          Before we use them we take reasonable steps to make sure they protect your information in
          a way that meets the APPs.
        </p>
      </Section>

      <Section title="5. How long we keep it">
        <List>
          <li>Your account details: while your account is open.</li>
          <li>
            Orders, payments and tax invoices: five years from the end of the financial year they
            belong to, as Australian tax law requires.
          </li>
          <li>Briefs and project files: two years after the project is completed.</li>
          <li>Server logs: 90 days.</li>
        </List>
        <p>After that we delete the information or remove anything that identifies you.</p>
      </Section>

      <Section title="6. How we protect it">
        <p>
          This site is served over encrypted connections, passwords are stored hashed, and our staff
          can see only what their role needs. If a data breach is likely to cause you serious harm,
          we will tell you and the Office of the Australian Information Commissioner (OAIC), as the
          Notifiable Data Breaches scheme requires.
        </p>
      </Section>

      <Section title="7. Cookies and storage in your browser">
        <p>
          We keep your sign-in in your browser&rsquo;s local storage so you stay signed in between
          visits; signing out removes it. This site does not use advertising or third-party tracking
          cookies.
        </p>
      </Section>

      <Section title="8. Your rights under the Australian Privacy Principles">
        <List>
          <li>
            <strong>Access</strong> (APP 12): ask for a copy of the personal information we hold
            about you.
          </li>
          <li>
            <strong>Correction</strong> (APP 13): ask us to correct anything that is wrong, out of
            date or incomplete. You can change most details yourself in your profile.
          </li>
          <li>
            <strong>Marketing</strong> (APP 7): stop marketing emails at any time.
          </li>
          <li>
            <strong>Deletion</strong>: ask us to close your account and delete what we do not have
            to keep by law.
          </li>
        </List>
        <p>
          We answer requests within 30 days and do not charge for them. If you are unhappy with how
          we have handled your information, tell us and we will look into it. If our answer does not
          resolve your complaint, you can contact the OAIC at <OaicLink /> or on 1300 363 992.
        </p>
      </Section>

      <Section title="9. Changes to this policy">
        <p>
          We will post any change to this policy on this page, and email you about changes that
          affect how we use information we already hold.
        </p>
      </Section>
    </>
  );
}
