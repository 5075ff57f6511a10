// A large, deterministic catalogue and sales history for benchmarks:
//   node scripts/generate-data.mjs [--services 10000] [--sales 100000] [--customers 5000]
//     [--customer-email someone@example.com] [--customer-sales 1000]
//     [--coordinator-email staff@example.com] [--customer-messages 0] [--seed 1]
//     [--thread-messages 5000] [--inbox-messages 100000]
// Writes into the database the server uses: PostgreSQL when DATABASE_URL is set, otherwise
// PGlite in DATA_DIR (default ./data). The schema must exist (start the server once) and, with
// PGlite, the server must be stopped (it holds the folder). Rows are made inside the database
// with generate_series, a batch per statement; every "random" choice is md5 of the seed, a salt
// and the row number, so the same seed gives the same rows. Generated ids start with "gen-", and
// running it again first deletes the rows of an earlier run. Dates are spread over the two years
// before now. With --customer-email, that existing account gets --customer-sales of the sales;
// with --coordinator-email, that existing staff account is one of the ten co-ordinators the
// sales are assigned to; with --customer-messages, that customer's first sale (gen-p-1) has that
// many messages, the customer's and the co-ordinator's by turns. The sales rollups of the overview and reports follow by themselves:
// their triggers sum each batch as it is inserted (docs/decisions/059-sales-rollups.md).
// --thread-messages puts that many messages on the first sale's project (the --customer-email
// account's when it has sales), a minute apart, every tenth of the team's an internal note;
// --inbox-messages spreads that many over the next 2,000 sales' projects, four in five from the
// customer, over the last 60 days: the staff Inbox's and the customers' unread counts follow by
// the messages' own trigger (migration 0035).
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    services: { type: 'string', default: '10000' },
    sales: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '5000' },
    'customer-email': { type: 'string' },
    'customer-sales': { type: 'string', default: '1000' },
    'coordinator-email': { type: 'string' },
    'customer-messages': { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    quiet: { type: 'boolean', default: false },
    'thread-messages': { type: 'string', default: '0' },
    'inbox-messages': { type: 'string', default: '0' },
  },
});
const SERVICES = Number(values.services);
const SALES = Number(values.sales);
const CUSTOMERS = Math.max(1, Number(values.customers));
const CUSTOMER_SALES = values['customer-email'] ? Number(values['customer-sales']) : 0;
const SEED = String(values.seed).replace(/[^A-Za-z0-9_-]/g, '');
const THREAD_MESSAGES = Number(values['thread-messages']);
const INBOX_MESSAGES = Number(values['inbox-messages']);
const INBOX_PROJECTS = 2000;
const BATCH = 10_000;
const COORDINATORS = 10;
const COMPANIES = 500;
const log = (...args) => {
  if (!values.quiet) console.log(...args);
};

/** A deterministic number in [0, mod) from the seed, a salt and the SQL expression `g`. */
const r = (salt, mod, g = 'g') =>
  `(('x' || substr(md5('${SEED}:${salt}:' || ${g}), 1, 7))::bit(28)::int % ${mod})`;
/** One of the given words, chosen by r(). */
const pick = (salt, words, g = 'g') =>
  `(array[${words.map((w) => `'${w}'`).join(',')}])[1 + ${r(salt, words.length, g)}]`;

const ADJECTIVES = [
  'Local',
  'Social',
  'Digital',
  'Brand',
  'Content',
  'Email',
  'Search',
  'Video',
  'Mobile',
  'Print',
  'Outdoor',
  'Radio',
  'Event',
  'Product',
  'Growth',
  'Creative',
  'Data',
  'Retail',
];
const NOUNS = [
  'Marketing',
  'Strategy',
  'Design',
  'Advertising',
  'Campaigns',
  'Analytics',
  'Photography',
  'Copywriting',
  'Optimisation',
  'Management',
  'Production',
  'Consulting',
  'Automation',
  'Research',
  'Branding',
  'Publishing',
];
const STATUSES = ['active', 'active', 'active', 'on-hold', 'completed', 'completed', 'cancelled'];

/** Runs one statement: PGlite's exec or a pg client's query. */
async function open() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return {
      kind: 'postgres',
      run: (text) => client.query(text),
      rows: async (text) => (await client.query(text)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dir = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'pglite');
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    run: (text) => client.exec(text),
    rows: async (text) => (await client.query(text)).rows,
    close: () => client.close(),
  };
}

/** `statement(from, to)` for each batch of 1..total. */
async function inBatches(db, label, total, statement) {
  const started = Date.now();
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.run(statement(from, to));
  }
  log(`  ${label}: ${total} in ${Date.now() - started} ms`);
}

const started = Date.now();
const db = await open();
const [{ ok }] = await db.rows(`select to_regclass('public.projects') is not null as ok`);
if (!ok) {
  console.error('The schema is missing: start the server once on this database first.');
  process.exit(1);
}
log(`generating on ${db.kind}: ${SERVICES} services, ${SALES} sales, ${CUSTOMERS} customers`);

/** The id of the account with the email given in option `name`, or null without the option. */
async function accountId(name) {
  if (!values[name]) return null;
  const email = values[name].replace(/'/g, "''");
  const found = await db.rows(`select id from users where lower(email) = lower('${email}')`);
  if (!found[0]) {
    console.error(`No account with the email ${values[name]}`);
    process.exit(1);
  }
  return found[0].id;
}
const customerId = await accountId('customer-email');
const coordinatorId = await accountId('coordinator-email');
const coordinatorIds = Array.from({ length: COORDINATORS }, (_, i) =>
  i === 0 && coordinatorId ? coordinatorId : `gen-staff-${i + 1}`,
);

await db.run(`
  delete from project_messages where id like 'gen-%';
  delete from payments where id like 'gen-%';
  delete from bills where id like 'gen-%';
  delete from project_status_updates where id like 'gen-%';
  delete from project_extras where id like 'gen-%';
  delete from projects where id like 'gen-%';
  delete from services where id like 'gen-%';
  delete from users where id like 'gen-%';
`);

// Staff co-ordinators and customers (no password: nobody signs in as them).
await db.run(`
  insert into users (id, email, role, first_name, last_name, created_at)
  select 'gen-staff-' || g, 'coordinator' || g || '@generated.example', 'co-ordinator',
         ${pick('sf', ['Alex', 'Sam', 'Jo', 'Kim', 'Lee'])}, 'Staff ' || g,
         now() - interval '800 days'
  from generate_series(1, ${COORDINATORS}) g`);
await inBatches(
  db,
  'customers',
  CUSTOMERS,
  (from, to) => `
  insert into users (id, email, username, role, first_name, last_name, company_name, contact_number, created_at)
  select 'gen-u-' || g, 'customer' || g || '@generated.example', 'customer' || g || '@generated.example',
         'client', ${pick('fn', ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Jack', 'Ivy', 'Leo'])},
         'Customer ' || g, 'Company ' || (1 + ${r('co', COMPANIES)}), '04' || lpad((${r('ph', 100000000)})::text, 8, '0'),
         now() - make_interval(secs => ${r('uc', 730 * 86400)})
  from generate_series(${from}, ${to}) g`,
);

// Services with three packages, two extras, two FAQs and a gallery image each.
await inBatches(
  db,
  'services',
  SERVICES,
  (from, to) => `
  insert into services (id, title, description, initial_investment_description,
                        initial_investment_price_cents, feature_photo_url, payment_type, created_at)
  select 'gen-s-' || g, ${pick('sa', ADJECTIVES)} || ' ' || ${pick('sn', NOUNS)} || ' ' || g,
         'A generated service for load tests, number ' || g || '.', 'Discovery session',
         100 * (100 + ${r('ip', 900)}), '/demo/services/seo.svg', 'one-off',
         now() - make_interval(secs => ${r('sc', 730 * 86400)})
  from generate_series(${from}, ${to}) g;
  insert into service_packages (id, service_id, position, title, type, base_cost_cents,
                                recurring_cost_cents, price_suffix, features)
  select 'gen-sp-' || g || '-' || k, 'gen-s-' || g, k,
         (array['Starter','Growth','Premium'])[k + 1],
         (array['one-time','monthly','weekly'])[k + 1],
         100 * (200 + ${r('pb', 2000, "g || '-' || k")}),
         case when k = 0 then 0 else 100 * (50 + ${r('pr', 500, "g || '-' || k")}) end,
         (array['exc. GST','per month','per week'])[k + 1], '["Planning","Reporting"]'::jsonb
  from generate_series(${from}, ${to}) g, generate_series(0, 2) k;
  insert into service_extras (id, service_id, position, title, description, price_cents)
  select 'gen-se-' || g || '-' || k, 'gen-s-' || g, k, (array['Rush delivery','Extra revisions'])[k + 1],
         'Optional add-on', 100 * (20 + ${r('ep', 300, "g || '-' || k")})
  from generate_series(${from}, ${to}) g, generate_series(0, 1) k;
  insert into service_faqs (id, service_id, position, question, answer)
  select 'gen-sf-' || g || '-' || k, 'gen-s-' || g, k,
         (array['How long does it take?','Can I cancel?'])[k + 1], 'Usually, yes.'
  from generate_series(${from}, ${to}) g, generate_series(0, 1) k;
  insert into service_gallery_images (id, service_id, position, url)
  select 'gen-sg-' || g, 'gen-s-' || g, 0, '/demo/services/seo.svg'
  from generate_series(${from}, ${to}) g`,
);

// Sales: a project each, its first status update, a succeeded payment, and an extra for a third.
const serviceCount = SERVICES > 0 ? SERVICES : 1;
const saleOwner = customerId
  ? `case when g <= ${CUSTOMER_SALES} then '${customerId}' else 'gen-u-' || (1 + ${r('pu', CUSTOMERS)}) end`
  : `'gen-u-' || (1 + ${r('pu', CUSTOMERS)})`;
const created = `now() - make_interval(secs => ${r('pc', 730 * 86400)})`;
await inBatches(
  db,
  'sales',
  SALES,
  (from, to) => `
  insert into projects (id, type, user_id, service_id, coordinator_id, status, service_title,
                        service_description, service_feature_photo_url, package_title, package_type,
                        package_price_suffix, package_base_cost_cents, total_price_cents,
                        one_time_total_with_gst_cents, currency, contact_first_name,
                        contact_last_name, contact_company_name, contact_number, contact_email,
                        start_date, created_at, updated_at)
  select 'gen-p-' || g, case when ${r('pt', 20)} = 0 then 'CustomQuote' else 'Project' end,
         ${saleOwner},
         ${SERVICES > 0 ? `'gen-s-' || (1 + ${r('ps', serviceCount)})` : 'null'},
         case when ${r('pk', 3)} = 0 then null else ${pick('pm', coordinatorIds)} end,
         ${pick('st', STATUSES)}, 'Generated service ' || (1 + ${r('ps', serviceCount)}),
         'A generated sale.', '/demo/services/seo.svg', 'Starter', 'one-time', 'exc. GST',
         price, price, price + price / 10, 'USD', 'Ava', 'Customer',
         'Company ' || (1 + ${r('co', COMPANIES)}), '0412345678', 'customer@generated.example',
         at, at, at
  from (select g, 100 * (200 + ${r('pp', 5000)}) as price, ${created} as at
        from generate_series(${from}, ${to}) g) s;
  insert into project_status_updates (id, project_id, title, description, date, created_at)
  select 'gen-su-' || p.id, p.id, 'Order placed', 'Thanks for your order.', p.created_at, p.created_at
  from projects p where p.id in (select 'gen-p-' || g from generate_series(${from}, ${to}) g);
  insert into payments (id, project_id, user_id, provider, transaction_id, amount_cents, gst_cents,
                        currency, status, kind, created_at)
  select 'gen-pay-' || p.id, p.id, p.user_id, 'sandbox', 'gen-tx-' || p.id,
         p.one_time_total_with_gst_cents, p.one_time_total_with_gst_cents - p.total_price_cents,
         'USD', 'succeeded', 'order', p.created_at
  from projects p where p.id in (select 'gen-p-' || g from generate_series(${from}, ${to}) g);
  insert into project_extras (id, project_id, position, title, description, price_cents)
  select 'gen-pe-' || g, 'gen-p-' || g, 0, 'Rush delivery', 'Optional add-on', 5000
  from generate_series(${from}, ${to}) g where ${r('px', 3)} = 0`,
);

// Plans: one sale in ten renews (weekly, monthly or quarterly), most live, some paused or
// cancelled, each with its change log (docs/decisions/108): Reporting's recurring figures and
// their movements read these (scripts/bench.mjs's sweep).
await inBatches(
  db,
  'plans',
  SALES,
  (from, to) => `
  insert into subscriptions (id, project_id, user_id, provider, provider_customer_id,
                             payment_method_id, amount_cents, gst_cents, currency, interval,
                             next_charge_at, status, paused_at, cancelled_at, created_at, updated_at)
  select 'gen-sub-' || p.id, p.id, p.user_id, 'sandbox', 'gen-cus', 'gen-pm',
         p.one_time_total_with_gst_cents, p.one_time_total_with_gst_cents - p.total_price_cents,
         'USD', ${pick('si', ['weekly', 'monthly', 'monthly', 'quarterly'], 'p.n')},
         now() + make_interval(secs => ${r('sn', 40 * 86400, 'p.n')}),
         case ${r('ss', 10, 'p.n')} when 0 then 'cancelled' when 1 then 'paused' else 'active' end,
         case when ${r('ss', 10, 'p.n')} = 1 then now() - make_interval(days => ${r('sp', 60, 'p.n')}) end,
         case when ${r('ss', 10, 'p.n')} = 0 then now() - make_interval(days => ${r('sc', 60, 'p.n')}) end,
         p.created_at, p.created_at
  from (select p.*, g as n from generate_series(${from}, ${to}) g
        join projects p on p.id = 'gen-p-' || g
        where g % 10 = 0) p;
  insert into subscription_changes (id, subscription_id, kind, interval, currency, before_cents,
                                    after_cents, before_gst_cents, after_gst_cents, at)
  select 'gen-sc-' || s.id, s.id, 'started', s.interval, s.currency, 0, s.amount_cents, 0,
         s.gst_cents, s.created_at
  from subscriptions s
  where s.id in (select 'gen-sub-gen-p-' || g from generate_series(${from}, ${to}) g);
  insert into subscription_changes (id, subscription_id, kind, interval, currency, before_cents,
                                    after_cents, before_gst_cents, after_gst_cents, at)
  select 'gen-sx-' || s.id, s.id, case when s.status = 'paused' then 'paused' else 'cancelled' end,
         s.interval, s.currency, s.amount_cents, 0, s.gst_cents, 0,
         coalesce(s.paused_at, s.cancelled_at)
  from subscriptions s
  where s.status in ('paused', 'cancelled')
    and s.id in (select 'gen-sub-gen-p-' || g from generate_series(${from}, ${to}) g)`,
);

// The bills' paid totals are recounted by a trigger on each bill payment (decision 111): its
// lookups of a bill's payments need the planner to know the million rows just written.
await db.run('analyze payments, refunds, bills');

// Staff invoices: one per hundred sales, to the sale's customer, sent when the sale was made and
// due two weeks later; 97 in 100 paid by card, the rest still owed (docs/decisions/093). The
// invoice list, the Billing page and Reporting's invoices by age read these.
await inBatches(
  db,
  'invoices',
  SALES,
  (from, to) => `
  insert into bills (id, customer_id, lines, due_date, currency, sent_at, created_at, updated_at)
  select 'gen-b-' || p.id, p.user_id,
         jsonb_build_array(jsonb_build_object('description', 'Generated work',
           'quantityHundredths', 100, 'unitCents', p.total_price_cents, 'gst', true)),
         to_char(p.created_at + interval '14 days', 'YYYY-MM-DD'), 'AUD',
         p.created_at, p.created_at, p.created_at
  from (select p.* from generate_series(${from}, ${to}) g
        join projects p on p.id = 'gen-p-' || g where g % 100 = 50) p;
  insert into payments (id, bill_id, user_id, provider, transaction_id, amount_cents, gst_cents,
                        currency, status, kind, created_at)
  select 'gen-bpay-' || b.id, b.id, b.customer_id, 'sandbox', 'gen-btx-' || b.id,
         (b.lines->0->>'unitCents')::int * 11 / 10, (b.lines->0->>'unitCents')::int / 10,
         'AUD', 'succeeded', 'bill', b.created_at + interval '3 days'
  from bills b
  where b.id in (select 'gen-b-gen-p-' || g from generate_series(${from}, ${to}) g)
    and ${r('bp', 100, 'b.id')} >= 3`,
);

// A conversation on the customer's first project: its page shows the thread (scripts/bench.mjs).
const CUSTOMER_MESSAGES = CUSTOMER_SALES > 0 ? Number(values['customer-messages']) : 0;
if (CUSTOMER_MESSAGES > 0) {
  const started = Date.now();
  await db.run(`
  insert into project_messages (id, project_id, author_id, author_name, side, text, created_at)
  select 'gen-m-' || g, 'gen-p-1',
         case when g % 2 = 0 then '${customerId}' else ${pick('ma', coordinatorIds)} end,
         case when g % 2 = 0 then 'Bench Customer' else 'Alex Staff' end,
         case when g % 2 = 0 then 'customer' else 'team' end,
         'Message ' || g || ' on the generated project: ' || repeat('words to read ', 1 + ${r('ml', 20)}),
         p.created_at + make_interval(mins => g)
  from generate_series(1, ${CUSTOMER_MESSAGES}) g, projects p where p.id = 'gen-p-1'`);
  log(`  messages: ${CUSTOMER_MESSAGES} in ${Date.now() - started} ms`);
}

// Conversations: one long thread, and customer messages across many projects for the Inbox.
if (THREAD_MESSAGES > 0 && SALES > 0) {
  await inBatches(
    db,
    'messages on one project',
    THREAD_MESSAGES,
    (from, to) => `
  insert into project_messages (id, project_id, author_name, side, text, internal, created_at)
  select 'gen-mt-' || g, 'gen-p-1', case when g % 2 = 0 then 'Team' else 'Customer' end,
         case when g % 2 = 0 then 'team' else 'customer' end,
         'Message ' || g || ' of a long conversation about the work.', g % 20 = 0,
         now() - make_interval(mins => ${THREAD_MESSAGES} - g)
  from generate_series(${from}, ${to}) g`,
  );
}
if (INBOX_MESSAGES > 0 && SALES > 0) {
  // Not the long thread's project, which keeps its own number of messages.
  const projectsUsed = Math.max(1, Math.min(SALES - 1, INBOX_PROJECTS));
  await inBatches(
    db,
    'messages for the Inbox',
    INBOX_MESSAGES,
    (from, to) => `
  insert into project_messages (id, project_id, author_name, side, text, internal, created_at)
  select 'gen-mi-' || g, 'gen-p-' || (2 + ${r('mp', projectsUsed)}), 'Someone',
         case when ${r('ms', 5)} = 0 then 'team' else 'customer' end,
         'A question about the order, number ' || g || '.', false,
         now() - make_interval(secs => ${r('mc', 60 * 86400)})
  from generate_series(${from}, ${to}) g`,
  );
}

await db.run('vacuum analyze');
await db.close();
log(`done in ${Date.now() - started} ms`);
