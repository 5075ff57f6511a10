import { defaultPriceSuffix } from '@noise/shared/intervals';
import type { PackageType } from '@noise/shared/pricing';
import type { IntakeQuestion } from '@noise/shared/intake';

/**
 * The demo catalogue seeded on the first start of an empty database: the services of the home
 * page's services map and of the header navigation, the four content pages, the industries and
 * a page for each industry.
 * Prices are dollars here, as a person writes them; the seed stores cents.
 *
 * Every picture is an SVG made by scripts/demo-art/make-demo-art.ts into apps/web/public/demo/
 * (the web app serves it); the `motif` names the icon-like shape drawn on it.
 */

export const motifs = [
  'pen',
  'play',
  'spotlight',
  'camera',
  'chat',
  'magnifier',
  'star',
  'screen',
  'target',
  'mic',
  'bars',
  'pin',
  'megaphone',
  'cards',
  'envelope',
  'browser',
  'rocket',
  'diamond',
  'loop',
  'cursor',
  'cup',
  'bag',
  'wrench',
  'leaf',
  'house',
  'briefcase',
  'book',
  'heart',
  'car',
  'sparkle',
] as const;
export type Motif = (typeof motifs)[number];

export interface DemoPackage {
  title: string;
  type: PackageType;
  baseCost: number;
  recurringCost: number;
  priceSuffix: string;
  features: string[];
  recommended?: boolean;
  /** A request plan (docs/decisions/091). */
  activeRequestLimit?: number;
  requestsPerPeriod?: number;
}

export interface DemoService {
  id: string;
  title: string;
  motif: Motif;
  /** Paragraphs; stored joined by a blank line. */
  description: string[];
  initialInvestmentDescription: string;
  initialInvestmentPrice: number;
  packages: DemoPackage[];
  extras: { title: string; description: string; price: number }[];
  faqs: { question: string; answer: string }[];
  galleryCount: number;
  /** Ships a comparison PDF at /demo/pdf/<id>-comparison.pdf. */
  comparisonPdf?: boolean;
}

export interface DemoPage {
  id: string;
  title: string;
  items: { title: string; link: string; motif: Motif }[];
}

export interface DemoIndustry {
  id: string;
  title: string;
  link: string;
  motif: Motif;
}

// URLs of the shipped files (relative to the web app's public folder).
export const demoImage = {
  serviceFeature: (id: string) => `/demo/services/${id}-feature.svg`,
  serviceGallery: (id: string, n: number) => `/demo/services/${id}-${n}.svg`,
  pageItem: (pageId: string, n: number) => `/demo/pages/${pageId}-${n}.svg`,
  industry: (id: string) => `/demo/industries/${id}.svg`,
  comparisonPdf: (id: string) => `/demo/pdf/${id}-comparison.pdf`,
};

const EX = 'exc. GST';
const WEEK = '/week exc. GST';
const MONTH = '/month exc. GST';

const oneTime = (title: string, baseCost: number, features: string[]): DemoPackage => ({
  title,
  type: 'one-time',
  baseCost,
  recurringCost: 0,
  priceSuffix: EX,
  features,
});
const monthly = (
  title: string,
  recurringCost: number,
  features: string[],
  baseCost = 0,
): DemoPackage => ({
  title,
  type: 'monthly',
  baseCost,
  recurringCost,
  priceSuffix: MONTH,
  features,
});
const weekly = (
  title: string,
  recurringCost: number,
  features: string[],
  baseCost = 0,
): DemoPackage => ({ title, type: 'weekly', baseCost, recurringCost, priceSuffix: WEEK, features });
/** A package billed every quarter or year: its suffix is the interval's ('/quarter exc. GST'). */
const every = (
  type: 'quarterly' | 'yearly',
  title: string,
  recurringCost: number,
  features: string[],
): DemoPackage => ({
  title,
  type,
  baseCost: 0,
  recurringCost,
  priceSuffix: defaultPriceSuffix(type),
  features,
});
/** The service's 'Most popular' package (docs/decisions/057). */
const mostPopular = (pkg: DemoPackage): DemoPackage => ({ ...pkg, recommended: true });

const services: DemoService[] = [
  {
    id: 'graphic-design',
    title: 'Graphic Design',
    motif: 'pen',
    description: [
      'Good design is the difference between being scrolled past and being remembered. Our in-house designers create social graphics, signage, menus, flyers, packaging and presentation decks that look like they belong to the same confident brand.',
      'You get a dedicated designer who learns your business, your customers and your style guide, so you stop re-explaining yourself every time you need something new. Every file is delivered print-ready and web-ready, in the sizes you actually use.',
      'Whether you are a café in Fremantle that needs a new menu by Friday or a Brisbane builder preparing a tender document, we turn briefs around fast without cutting corners.',
    ],
    initialInvestmentDescription: 'Creative brief and concept session with a senior designer',
    initialInvestmentPrice: 350,
    packages: [
      oneTime('Design Sprint', 1499.95, [
        'Up to 8 designed pieces in one week',
        'Three initial concepts to choose from',
        'Two rounds of revisions',
        'Print-ready PDF and web PNG exports',
        'Editable source files on request',
      ]),
      mostPopular(
        weekly('Design on Call', 395, [
          'Up to 6 hours of design every week',
          'Same-day response to new requests',
          'Shared request board with progress tracking',
          'Social, print and presentation design',
          'Pause or cancel with two weeks notice',
        ]),
      ),
      monthly('Design Studio Retainer', 1290, [
        'Up to 25 hours of design every month',
        'A dedicated designer who knows your brand',
        'Monthly creative planning call',
        'Unlimited small edits to existing artwork',
        'Priority turnaround on urgent jobs',
        'Brand asset library kept up to date',
      ]),
    ],
    extras: [
      {
        title: 'Extra revision round',
        description: 'One more round of changes across all pieces in the job.',
        price: 149.95,
      },
      {
        title: 'Rush 48-hour turnaround',
        description: 'Your job jumps the queue and is delivered within two business days.',
        price: 250,
      },
      {
        title: 'Print management',
        description: 'We quote, proof and manage the print run with our trusted local printers.',
        price: 180,
      },
    ],
    faqs: [
      {
        question: 'Do I own the designs?',
        answer:
          'Yes. Once your invoice is paid, you own the final artwork outright and can use it anywhere.',
      },
      {
        question: 'What do you need from me to get started?',
        answer:
          'Your logo files, any brand colours or fonts you already use, and a short brief. If you have none of these, the concept session covers it.',
      },
      {
        question: 'Can you match our existing style guide?',
        answer:
          'Absolutely. We work inside existing guidelines all the time and will flag anything that could be tightened up.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'design-requests',
    title: 'Unlimited Design Requests',
    motif: 'pen',
    description: [
      'A designer on tap for one flat monthly fee. Send as many design requests as you like: we work them one at a time, in the order you choose, and start the next the moment you approve the last.',
      'Every request has its own workspace with messages, files and deliverables to approve, and you always see where each one stands in your queue.',
    ],
    initialInvestmentDescription: 'No set-up fee: submit your first request straight away',
    initialInvestmentPrice: 0,
    packages: [
      mostPopular({
        ...monthly('One at a time', 2495, [
          'Unlimited requests, worked one at a time',
          'Reorder your queue whenever you like',
          'Social, print and presentation design',
          'Cancel any time',
        ]),
        activeRequestLimit: 1,
      }),
      {
        ...monthly('Two at a time', 4295, [
          'Two requests worked at once',
          'Reorder your queue whenever you like',
          'Priority turnaround',
          'Cancel any time',
        ]),
        activeRequestLimit: 2,
      },
    ],
    extras: [
      {
        title: 'Brand asset library set-up',
        description: 'We gather your logos, colours and fonts into one shared library first.',
        price: 290,
      },
      {
        title: 'Stock image allowance',
        description: 'Up to ten licensed stock images a month for your requests.',
        price: 120,
      },
    ],
    faqs: [
      {
        question: 'How many requests can I send?',
        answer:
          'As many as you like. We work on one at a time (two on Duo); the rest wait in your queue in the order you set.',
      },
      {
        question: 'When does the next request start?',
        answer: 'As soon as you approve the current one, the next in your queue starts on its own.',
      },
      {
        question: 'Can I cancel a request?',
        answer: 'Yes, any request still in your queue can be cancelled before work starts.',
      },
    ],
    galleryCount: 2,
  },
  {
    id: 'commercials',
    title: 'TV & Online Commercials',
    motif: 'play',
    description: [
      'From a 15-second Instagram story to a 30-second spot on regional television, we script, shoot and edit commercials that make people stop, feel something and act.',
      'Our production team handles everything: concept, casting, locations, permits, crew, music licensing and the final edit. You approve the storyboard before a single frame is shot, so there are no surprises on the day.',
      'Every commercial is delivered in the formats each channel needs, from broadcast masters to vertical cut-downs for TikTok and Reels, so one shoot day fuels months of advertising.',
    ],
    initialInvestmentDescription: 'Pre-production: concept, script, storyboard and shot list',
    initialInvestmentPrice: 1950,
    packages: [
      oneTime('Social Cut (15–30 s)', 3950, [
        'Half-day shoot with a two-person crew',
        'Script and storyboard',
        'Licensed music track',
        'Vertical, square and landscape edits',
        'Two rounds of edit revisions',
      ]),
      oneTime('Broadcast Spot (30 s)', 9850, [
        'Full-day shoot with a five-person crew',
        'Casting of up to three talent',
        'Professional colour grade and sound mix',
        'Broadcast master to Free TV standards',
        '15-second and 6-second cut-downs',
        'Captioned social versions',
      ]),
      monthly(
        'Always-On Video',
        2750,
        [
          'One shoot day every month',
          'Four short ads edited each month',
          'Monthly performance review of your ads',
          'Fresh hooks and thumbnails to beat ad fatigue',
        ],
        1500,
      ),
    ],
    extras: [
      {
        title: 'Professional voice-over',
        description:
          'An Australian voice artist recorded in our studio, with two takes to choose from.',
        price: 450,
      },
      {
        title: 'Additional cut-down',
        description: 'One more edit of your commercial for a new length or platform.',
        price: 380,
      },
      {
        title: 'Captions and subtitles',
        description: 'Burnt-in captions styled to your brand for silent autoplay.',
        price: 120,
      },
    ],
    faqs: [
      {
        question: 'How long does a commercial take to make?',
        answer:
          'Most social commercials are delivered within three weeks of approving the script; broadcast spots take four to six weeks including clearance.',
      },
      {
        question: 'Do you organise TV clearance?',
        answer:
          'Yes. We prepare the broadcast master and submit it for ClearAds approval on your behalf.',
      },
      {
        question: 'Can we use our own staff instead of actors?',
        answer:
          'Often that works best. We coach first-timers on the day so they look relaxed and natural on camera.',
      },
      {
        question: 'Is music included?',
        answer:
          'Every package includes a licensed track from our library. Custom compositions can be quoted separately.',
      },
    ],
    galleryCount: 4,
  },
  {
    id: 'studio-hire',
    title: 'Studio Hire',
    motif: 'spotlight',
    description: [
      'Our light-filled studio is ready for photo shoots, video interviews, podcasts and live streams. It comes with an infinity cyclorama wall, professional lighting, a kitchenette and plenty of parking.',
      'Book by the half day or the full day, or join the creator membership for a regular weekly slot. Our friendly studio technicians can set up lights and sound for you so you can focus on creating.',
    ],
    initialInvestmentDescription: 'Studio induction and refundable booking deposit',
    initialInvestmentPrice: 150,
    packages: [
      oneTime('Half Day (4 hours)', 440, [
        'Four hours of exclusive studio use',
        'White infinity cyclorama wall',
        'Continuous LED lighting kit',
        'Hair and make-up station',
      ]),
      oneTime('Full Day (8 hours)', 790, [
        'Eight hours of exclusive studio use',
        'White infinity cyclorama wall',
        'Full strobe and LED lighting kit',
        'Hair and make-up station',
        'Tea, coffee and kitchenette access',
      ]),
      weekly('Creator Membership', 189, [
        'A fixed three-hour slot every week',
        'Podcast desk with four microphones',
        'Lighting presets saved for your set-up',
        'Members-only evening and weekend slots',
        'Cancel any time with one week notice',
      ]),
    ],
    extras: [
      {
        title: 'Studio technician (4 hours)',
        description: 'A technician to rig lighting, run sound and help your shoot run smoothly.',
        price: 260,
      },
      {
        title: 'Green screen set-up',
        description: 'Chroma green backdrop lit evenly for clean keying.',
        price: 95,
      },
      {
        title: 'Props and furniture package',
        description: 'Choose from our collection of stools, plinths, plants and styling props.',
        price: 75,
      },
    ],
    faqs: [
      {
        question: 'What is included in the hire?',
        answer:
          'Exclusive use of the studio, the cyclorama wall, the standard lighting kit, Wi-Fi, parking and the kitchenette.',
      },
      {
        question: 'Can I move or cancel a booking?',
        answer:
          'Bookings can be moved free of charge up to 48 hours before your session. Deposits are refunded on cancellations made seven days ahead.',
      },
      {
        question: 'Is the studio accessible?',
        answer:
          'Yes. The studio is on the ground floor with step-free access and an accessible bathroom.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'content-creation',
    title: 'Content Creation',
    motif: 'camera',
    description: [
      'Social feeds are hungry. We plan, shoot and edit photo and video content in batches so you always have something worth posting, without pulling your team away from the business.',
      'A content day with us produces a month or more of reels, stories, product shots and behind-the-scenes moments, all planned around what your customers actually engage with.',
      'We shoot on location at your shop, kitchen, clinic or worksite, or in our own studio, and deliver edited content ready to upload with suggested captions.',
    ],
    initialInvestmentDescription: 'Content strategy workshop and shoot planning',
    initialInvestmentPrice: 650,
    packages: [
      oneTime('Content Day', 1850, [
        'Six-hour shoot on location or in studio',
        'Photographer and videographer',
        '40 edited photos',
        '8 short-form videos for Reels and TikTok',
        'Suggested captions for every piece',
      ]),
      weekly('Weekly Reels', 449.95, [
        'Three edited short-form videos every week',
        'Trending audio and hook research',
        'On-screen text and captions',
        'Monthly two-hour filming session',
      ]),
      monthly('Content Club', 2200, [
        'Half-day shoot every month',
        '30 edited photos and 10 videos each month',
        'Monthly content calendar',
        'Story templates in your brand style',
        'Quarterly content performance report',
      ]),
    ],
    extras: [
      {
        title: 'Drone footage',
        description: 'Aerial photo and video by a CASA-licensed pilot (weather permitting).',
        price: 395,
      },
      {
        title: 'Product flat-lay set',
        description: 'Up to 15 styled product shots on a seamless background.',
        price: 280,
      },
      {
        title: 'Raw footage handover',
        description: 'All unedited photo and video files from your shoot on a shared drive.',
        price: 150,
      },
    ],
    faqs: [
      {
        question: 'How much content do I get from one shoot day?',
        answer:
          'Typically 40 photos and 8 short videos, which is enough for four to six weeks of regular posting.',
      },
      {
        question: 'Do you come to us?',
        answer:
          'Yes. We shoot anywhere in the metro area at no extra cost; regional travel is quoted at cost.',
      },
      {
        question: 'Can you post the content for us too?',
        answer:
          'Yes. Pair content creation with our Social Media Management service and we will schedule and publish everything.',
      },
      {
        question: 'Who appears on camera?',
        answer:
          'Usually you and your team, which builds trust. We can also book models or local creators.',
      },
    ],
    galleryCount: 4,
  },
  {
    id: 'social-media-management',
    title: 'Social Media Management',
    motif: 'chat',
    description: [
      'Posting consistently is the hardest part of social media. We take it off your plate: planning, writing, designing, scheduling and replying, across Instagram, Facebook, LinkedIn and TikTok.',
      'Every month starts with a content plan you approve in one short call, and ends with a plain-English report showing what worked, what did not and what we will try next.',
      'Our community managers are Australian and respond in your brand voice, so your followers get fast, friendly replies seven days a week on the Growth plan.',
    ],
    initialInvestmentDescription: 'Account audit, profile refresh and 90-day content plan',
    initialInvestmentPrice: 495,
    packages: [
      monthly('Starter', 890, [
        'Two platforms managed',
        '12 posts per month',
        'Monthly content calendar',
        'Comment replies on business days',
        'Monthly performance report',
      ]),
      mostPopular(
        monthly('Growth', 1650, [
          'Three platforms managed',
          '20 posts and 12 stories per month',
          'Community management seven days a week',
          'Monthly strategy call',
          'Competitor and trend monitoring',
          'Boosted post management (ad spend extra)',
        ]),
      ),
      oneTime('Launch Sprint', 2450, [
        'New or refreshed profiles on three platforms',
        'Six weeks of posts planned and scheduled',
        'Highlight covers and profile graphics',
        'Hand-over training session for your team',
      ]),
    ],
    extras: [
      {
        title: 'Extra platform',
        description: 'Add TikTok, LinkedIn, Pinterest or YouTube Shorts to your plan.',
        price: 290,
      },
      {
        title: 'Weekend community management',
        description: 'Replies to comments and messages on Saturdays and Sundays.',
        price: 340,
      },
      {
        title: 'Monthly content shoot',
        description: 'A two-hour on-site shoot so your feed shows your real business.',
        price: 650,
      },
    ],
    faqs: [
      {
        question: 'Do I get to approve posts before they go live?',
        answer:
          'Yes. You approve the monthly calendar, and you can comment on any post in our shared planner before it is scheduled.',
      },
      {
        question: 'Is advertising spend included?',
        answer:
          'No. Ad spend is paid directly to the platform so you keep full control of it; we manage the campaigns.',
      },
      {
        question: 'How soon will I see results?',
        answer:
          'Most clients see higher reach and engagement within the first 60 days. Follower growth builds steadily from there.',
      },
      {
        question: 'What if I want to cancel?',
        answer:
          'Monthly plans run month to month after the first three months. Give us 30 days notice and we will hand everything back.',
      },
      {
        question: 'Will you use our existing accounts?',
        answer:
          'Yes. You stay the owner of every account; we are added as managers and can be removed at any time.',
      },
    ],
    galleryCount: 3,
    comparisonPdf: true,
  },
  {
    id: 'seo',
    title: 'SEO',
    motif: 'magnifier',
    description: [
      'When someone nearby searches for what you sell, you should be the business they find. Our search engine optimisation gets your website ranking for the words your customers actually type into Google.',
      'We start with a technical audit and keyword research, fix what is holding your site back, then build your authority month after month with helpful content, local listings and quality backlinks.',
      'No jargon and no lock-in contracts: every month you receive a clear report showing your rankings, your traffic and the enquiries that came from search.',
    ],
    initialInvestmentDescription: 'Technical SEO audit and keyword research',
    initialInvestmentPrice: 895,
    packages: [
      mostPopular(
        monthly('Local SEO', 750, [
          'Up to 15 target keywords',
          'Google Business Profile optimisation',
          'One blog article per month',
          'Local citation building',
          'Monthly ranking report',
        ]),
      ),
      monthly('National SEO', 1850, [
        'Up to 40 target keywords',
        'Three blog articles per month',
        'Digital PR and backlink outreach',
        'Technical fixes and speed improvements',
        'Google Business Profile optimisation',
        'Monthly ranking report',
        'Monthly strategy call',
      ]),
      oneTime('SEO Health Check', 1249.5, [
        'Full technical crawl of your website',
        'Keyword gap analysis against three competitors',
        'Prioritised list of fixes',
        'One-hour walkthrough with our SEO lead',
      ]),
    ],
    extras: [
      {
        title: 'Long-form article (1,500 words)',
        description: 'A researched, optimised article written by an Australian copywriter.',
        price: 245,
      },
      {
        title: 'Location landing pages (x3)',
        description: 'Three suburb or city pages to rank in each area you serve.',
        price: 690,
      },
      {
        title: 'Schema markup set-up',
        description: 'Structured data so Google can show reviews, prices and FAQs in results.',
        price: 195,
      },
    ],
    faqs: [
      {
        question: 'How long does SEO take to work?',
        answer:
          'Quick technical wins can show within weeks, but most businesses see meaningful ranking gains after three to six months.',
      },
      {
        question: 'Can you guarantee the number one spot?',
        answer:
          'No honest agency can, because Google decides. We do guarantee transparent reporting and steady, measurable work.',
      },
      {
        question: 'Do I need a new website first?',
        answer:
          'Usually not. We improve the site you have. If it is holding you back, we will tell you why and what it would cost to fix.',
      },
      {
        question: 'Is there a lock-in contract?',
        answer: 'No. Plans are month to month; we simply ask for 30 days notice.',
      },
    ],
    galleryCount: 3,
    comparisonPdf: true,
  },
  {
    id: 'events',
    title: 'Events & Activations',
    motif: 'star',
    description: [
      'Launch parties, store openings, pop-ups and brand activations that people talk about for weeks. We plan the concept, run the logistics and make sure the whole thing is captured for social.',
      'Our events team looks after suppliers, council permits, staffing, styling and the run sheet, so on the day you get to host rather than hustle.',
    ],
    initialInvestmentDescription: 'Event concept, budget and run sheet',
    initialInvestmentPrice: 750,
    packages: [
      oneTime('Pop-up Activation', 2890, [
        'Concept and styling for a one-day pop-up',
        'Branded signage and display',
        'Two event staff for six hours',
        'Supplier and permit coordination',
      ]),
      oneTime('Launch Party', 4950, [
        'Venue sourcing for up to 150 guests',
        'Invitations and RSVP management',
        'Catering and bar coordination',
        'Photographer for three hours',
        'Event-day manager on site',
      ]),
      monthly(
        'Event Season',
        3200,
        [
          'One activation or in-store event every month',
          'Annual events calendar',
          'Social promotion before and after each event',
          'Reusable branded event kit',
        ],
        1500,
      ),
    ],
    extras: [
      {
        title: 'Event photographer (4 hours)',
        description: 'Edited photos delivered within 48 hours, ready for social and media.',
        price: 680,
      },
      {
        title: 'Branded photo wall',
        description: 'A printed media wall for guest photos, reusable for future events.',
        price: 540,
      },
      {
        title: 'Professional MC',
        description: 'An experienced host to keep the night running on time.',
        price: 850,
      },
    ],
    faqs: [
      {
        question: 'How far ahead should we book?',
        answer:
          'Eight weeks is ideal for launches and larger events; pop-ups can often be delivered in three to four weeks.',
      },
      {
        question: 'Are venue and catering costs included?',
        answer:
          'Venue hire and catering are quoted separately at cost so you can see exactly where your budget goes.',
      },
      {
        question: 'Do you handle council permits?',
        answer: 'Yes. We prepare and lodge permit applications for public-space activations.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'display-screens',
    title: 'Digital Display Screens',
    motif: 'screen',
    description: [
      'Turn the screens in your shop window, waiting room or venue into your hardest-working salesperson. We design and schedule eye-catching animated content for digital menu boards and in-store displays.',
      'Update your specials in minutes, run different content at breakfast and dinner, and keep every location on brand from one simple dashboard.',
    ],
    initialInvestmentDescription: 'Site survey, screen set-up and content plan',
    initialInvestmentPrice: 290,
    packages: [
      oneTime('Screen Content Pack', 890, [
        'Six animated screen designs',
        'Landscape and portrait versions',
        'Loop scheduled on your player',
        'One round of revisions',
      ]),
      weekly('Weekly Specials Refresh', 89.95, [
        'Your specials updated every week',
        'Day-part scheduling (breakfast, lunch, dinner)',
        'Same-week changes for sold-out items',
        'Up to three screens',
      ]),
      monthly(
        'Managed Screens',
        249.95,
        [
          'Content management for up to six screens',
          'Two new animated designs every month',
          'Remote monitoring of every screen',
          'Seasonal campaign templates',
          'Priority support',
        ],
        450,
      ),
    ],
    extras: [
      {
        title: 'Animated menu board',
        description: 'A fully animated digital menu built from your current menu.',
        price: 380,
      },
      {
        title: 'Additional screen',
        description: 'Add another screen to your managed network.',
        price: 120,
      },
      {
        title: 'Same-day content swap',
        description: 'Urgent changes live on your screens within four business hours.',
        price: 75,
      },
    ],
    faqs: [
      {
        question: 'Do I need to buy special screens?',
        answer:
          'Most commercial TVs work with a small media player. We can supply and install screens if you need them.',
      },
      {
        question: 'Can I change the content myself?',
        answer:
          'Yes. You get access to the scheduling dashboard, and we are on hand when you need help.',
      },
      {
        question: 'What happens if a screen goes blank?',
        answer:
          'Managed Screens includes remote monitoring; we are alerted and usually fix it before you notice.',
      },
    ],
    galleryCount: 2,
  },
  {
    id: 'social-advertising',
    title: 'Social Advertising',
    motif: 'target',
    description: [
      'Paid social puts your offer in front of the right people in your area at the right moment. We plan, build and optimise campaigns across Facebook, Instagram, TikTok and LinkedIn.',
      'Every campaign starts with audience research and conversion tracking, so we can tell you exactly what your ads returned, not just how many people saw them.',
      'We write the copy, design the creative and test variations weekly, moving budget to what performs and switching off what does not.',
    ],
    initialInvestmentDescription: 'Audience research, tracking set-up and campaign build',
    initialInvestmentPrice: 690,
    packages: [
      oneTime('Campaign Burst (4 weeks)', 1950, [
        'One four-week campaign on two platforms',
        'Six ad creatives',
        'Audience and retargeting set-up',
        'Weekly optimisation',
        'End-of-campaign results report',
      ]),
      mostPopular(
        monthly('Always-On Ads', 1290, [
          'Ongoing campaigns on two platforms',
          'Eight fresh ad creatives per month',
          'A/B testing of copy and creative',
          'Monthly results report',
        ]),
      ),
      monthly('Performance Plus', 2490, [
        'Campaigns on up to four platforms',
        '16 fresh ad creatives per month',
        'Full-funnel prospecting and retargeting',
        'Fortnightly optimisation calls',
        'Live results dashboard',
        'Landing page recommendations',
      ]),
    ],
    extras: [
      {
        title: 'Ad creative set (6 variations)',
        description: 'Six extra static or motion ads for testing new angles.',
        price: 480,
      },
      {
        title: 'TikTok ads add-on',
        description: 'Extend your campaigns to TikTok with native-style creative.',
        price: 390,
      },
      {
        title: 'Campaign landing page',
        description: 'A fast, focused landing page built to convert your ad traffic.',
        price: 990,
      },
    ],
    faqs: [
      {
        question: 'How much should I spend on ads?',
        answer:
          'We recommend starting from $30 a day for local campaigns. We will suggest a budget based on your goals during set-up.',
      },
      {
        question: 'Is ad spend included in the price?',
        answer:
          'No. Ad spend is billed by the platform directly to your card, so you always see exactly what was spent.',
      },
      {
        question: 'How do you measure results?',
        answer:
          'We install conversion tracking for enquiries, calls and sales and report cost per result, not just clicks.',
      },
      {
        question: 'Can you work with our existing ad account?',
        answer: 'Yes. We audit it first and keep the history and audiences you have built.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'podcasts',
    title: 'Podcast Production',
    motif: 'mic',
    description: [
      'A podcast builds trust like nothing else: your customers spend half an hour with you, every week, on their commute or at the gym. We help you start one and keep it going.',
      'We record in our sound-treated studio or on location, edit out the ums and dead air, add your intro and music, and publish to Spotify, Apple Podcasts and YouTube with show notes.',
      'Every episode also becomes short video clips and quote graphics for social, so one recording feeds a week of content.',
    ],
    initialInvestmentDescription: 'Show format, naming and cover artwork session',
    initialInvestmentPrice: 850,
    packages: [
      oneTime('Pilot Episode', 1150, [
        'Two-hour studio recording session',
        'Full edit and sound mastering',
        'Custom intro and outro music',
        'Show cover artwork',
        'Publishing to all major platforms',
      ]),
      weekly('Weekly Show', 395, [
        'One episode recorded and edited every week',
        'Show notes and episode artwork',
        'Three short video clips per episode',
        'Publishing and scheduling',
      ]),
      monthly('Monthly Show', 1290, [
        'Four episodes recorded in one monthly session',
        'Show notes, transcripts and artwork',
        'Audiogram clips for social',
        'Guest booking support',
        'Monthly listener analytics report',
      ]),
    ],
    extras: [
      {
        title: 'Video podcast (three cameras)',
        description: 'Multi-camera video of your episode edited for YouTube.',
        price: 450,
      },
      {
        title: 'Show notes and transcript',
        description: 'A full transcript and SEO-friendly show notes for your website.',
        price: 85,
      },
      {
        title: 'Audiogram clips (x3)',
        description: 'Three captioned audiogram clips sized for Instagram and LinkedIn.',
        price: 149.95,
      },
    ],
    faqs: [
      {
        question: 'Do I need any equipment?',
        answer: 'No. Our studio has everything; for remote guests we send a simple recording link.',
      },
      {
        question: 'How long does editing take?',
        answer: 'Episodes are edited and ready to publish within three business days of recording.',
      },
      {
        question: 'Can you find guests for my show?',
        answer:
          'Yes. On the Monthly Show plan we help research and approach guests who suit your audience.',
      },
      {
        question: 'Who owns the podcast?',
        answer: 'You do: the show, the feed, the recordings and the artwork are all yours.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'search-engine-marketing',
    title: 'Search Engine Marketing',
    motif: 'bars',
    description: [
      'Search engine marketing puts you at the top of Google and Bing the moment someone is ready to buy. We build tightly targeted campaigns that turn searches into calls, bookings and sales.',
      'Our certified specialists manage keywords, bids, ad copy and negative keywords every week, and we track every enquiry so you can see your real cost per customer.',
    ],
    initialInvestmentDescription: 'Account audit, conversion tracking and campaign build',
    initialInvestmentPrice: 590,
    packages: [
      oneTime('Campaign Launch', 1490, [
        'Keyword research and campaign structure',
        'Ad copy for up to five ad groups',
        'Conversion and call tracking',
        'Four weeks of launch optimisation',
      ]),
      weekly('Weekly Optimisation', 260, [
        'Weekly bid and budget adjustments',
        'Search term review and negative keywords',
        'Ad copy testing',
        'Weekly email summary',
      ]),
      monthly('Managed SEM', 990, [
        'Ongoing campaign management on Google and Bing',
        'Monthly keyword expansion',
        'Landing page recommendations',
        'Monthly results report and call',
        'Competitor ad monitoring',
      ]),
    ],
    extras: [
      {
        title: 'Landing page A/B test',
        description: 'Two landing page versions tested head to head for a month.',
        price: 450,
      },
      {
        title: 'Call tracking set-up',
        description: 'Dynamic phone numbers so every call is linked to the ad that drove it.',
        price: 190,
      },
      {
        title: 'Shopping feed set-up',
        description: 'Connect your online store products to Google Shopping.',
        price: 690,
      },
    ],
    faqs: [
      {
        question: 'What is the difference between SEO and SEM?',
        answer:
          'SEO earns free rankings over time; SEM pays for instant placement at the top of search results. Most businesses benefit from both.',
      },
      {
        question: 'How quickly will I get enquiries?',
        answer: 'Search ads can start producing enquiries within days of launch.',
      },
      {
        question: 'What budget do I need?',
        answer:
          'It depends on your industry and area; we give you a forecast of clicks and cost per lead before you commit.',
      },
      {
        question: 'Do I keep my ad account if I leave?',
        answer: 'Yes. The account is always in your name and you keep all its history.',
      },
    ],
    galleryCount: 2,
  },
  {
    id: 'business-profile',
    title: 'Google Business Profile',
    motif: 'pin',
    description: [
      'Your Google Business Profile is often the first thing customers see: your hours, photos, reviews and a button to call you. We set it up properly and keep it working hard for you in the map results.',
      'We verify your listing, fill in every category and service, add great photos, post weekly updates and help you gather and reply to reviews.',
    ],
    initialInvestmentDescription: 'Profile verification, clean-up and duplicate removal',
    initialInvestmentPrice: 195,
    packages: [
      oneTime('Profile Set-up', 395, [
        'Verification and ownership transfer',
        'Categories, services and attributes completed',
        '20 optimised photos uploaded',
        'Review link and QR code',
      ]),
      monthly('Profile Care', 149.95, [
        'Four Google posts every month',
        'New photos added monthly',
        'Review monitoring and reply drafts',
        'Q&A and hours kept up to date',
        'Monthly insights summary',
      ]),
      monthly('Multi-location', 390, [
        'Profile Care for up to five locations',
        'Consistent branding across locations',
        'Holiday hours managed for every site',
        'Location performance comparison report',
      ]),
    ],
    extras: [
      {
        title: 'Review response service',
        description: 'We reply to every new review in your voice within one business day.',
        price: 99,
      },
      {
        title: 'Virtual tour photos',
        description: 'A 360-degree virtual tour of your premises published on Google Maps.',
        price: 450,
      },
      {
        title: 'Local citation building',
        description: 'Your business listed consistently on 30 Australian directories.',
        price: 240,
      },
    ],
    faqs: [
      {
        question: 'Is a Google Business Profile free?',
        answer:
          'The listing itself is free from Google. Our fee covers the time to optimise it and keep it active.',
      },
      {
        question: 'I cannot access my old listing. Can you help?',
        answer: 'Yes. We regularly recover listings and merge duplicates through Google support.',
      },
      {
        question: 'Can you remove bad reviews?',
        answer:
          'We can request removal of reviews that break Google policy, and help you respond professionally to the rest.',
      },
    ],
    galleryCount: 2,
  },
  {
    id: 'pr',
    title: 'Public Relations',
    motif: 'megaphone',
    description: [
      'Earned media builds credibility money cannot buy. Our PR team finds the story in your business and pitches it to the journalists, podcasters and creators your customers trust.',
      'We write your media releases, build targeted media lists, prepare you for interviews and track every piece of coverage, from local papers and radio to national news and trade press.',
      'When things go wrong, we are also there to help you respond quickly and calmly.',
    ],
    initialInvestmentDescription: 'Media angle workshop and story development',
    initialInvestmentPrice: 950,
    packages: [
      oneTime('Media Release', 1850, [
        'One media release written and distributed',
        'Targeted media list of up to 50 contacts',
        'Follow-up pitching for two weeks',
        'Coverage report',
      ]),
      oneTime('Launch Campaign', 6900, [
        'Six-week launch PR campaign',
        'Two media releases and a media kit',
        'Exclusive story pitching',
        'Launch event media invitations',
        'Creator and influencer outreach',
        'Coverage and reach report',
      ]),
      monthly('PR Retainer', 3500, [
        'Ongoing media relations',
        'Two story pitches every month',
        'Award and speaking opportunity submissions',
        'Monthly coverage report',
        'Issues management support',
      ]),
    ],
    extras: [
      {
        title: 'Media training (half day)',
        description: 'On-camera and radio interview practice with a former journalist.',
        price: 1250,
      },
      {
        title: 'Award submission',
        description: 'A compelling award entry researched and written for you.',
        price: 690,
      },
      {
        title: 'Crisis communications plan',
        description: 'A ready-to-use plan with holding statements and a response team.',
        price: 1490,
      },
    ],
    faqs: [
      {
        question: 'Can you guarantee media coverage?',
        answer:
          'Earned media is never guaranteed, but our journalist relationships and sharp story angles give you the best possible chance.',
      },
      {
        question: 'Do you work with regional media?',
        answer:
          'Yes. Regional papers and radio are often the best fit for local businesses, and we pitch them regularly.',
      },
      {
        question: 'How long before we see results?',
        answer:
          'A well-timed release can land coverage within days; a retainer builds momentum over months.',
      },
      {
        question: 'Do you write LinkedIn articles too?',
        answer: 'Yes, thought-leadership writing can be added to any PR package.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'marketing-materials',
    title: 'Marketing Materials',
    motif: 'cards',
    description: [
      'Brochures, flyers, business cards, pull-up banners, menus, vehicle signage and trade-show stands: the printed pieces your customers hold in their hands should be as sharp as your website.',
      'We design everything to your brand, write the copy if you need it and manage printing with trusted Australian printers, delivered to your door.',
    ],
    initialInvestmentDescription: 'Brand check and print specifications',
    initialInvestmentPrice: 150,
    packages: [
      oneTime('Essentials Kit', 790, [
        'Business card design',
        'Double-sided DL flyer',
        'Email signature',
        'Print-ready files',
      ]),
      oneTime('Trade Show Kit', 2490, [
        'Pull-up banner design',
        'Six-page brochure',
        'Booth backdrop design',
        'Promotional product artwork',
        'Print management included',
      ]),
      monthly('Monthly Collateral', 650, [
        'Up to eight printed or digital pieces a month',
        'Seasonal promotion flyers',
        'Menu and price list updates',
        'Print management on request',
      ]),
    ],
    extras: [
      {
        title: 'Copywriting',
        description: 'Persuasive copy written for your brochure or flyer.',
        price: 290,
      },
      {
        title: 'Pull-up banner (printed)',
        description: 'A printed 850 x 2000 mm pull-up banner with carry case.',
        price: 349.95,
      },
      {
        title: 'Vehicle signage design',
        description: 'Artwork for a van or ute wrap, supplied to your signwriter.',
        price: 590,
      },
    ],
    faqs: [
      {
        question: 'Is printing included?',
        answer:
          'Design is included in every package. Printing is quoted at our trade rates, and print management is included in the Trade Show Kit.',
      },
      {
        question: 'How long does printing take?',
        answer: 'Most print jobs are delivered within five to seven business days of approval.',
      },
      {
        question: 'Can I get the files to print myself?',
        answer: 'Of course. You receive print-ready PDFs with bleed and crop marks.',
      },
    ],
    galleryCount: 4,
  },
  {
    id: 'email-marketing',
    title: 'Email Marketing',
    motif: 'envelope',
    description: [
      'Email is still the channel with the best return on investment, and the one you own outright. We design, write and send newsletters and automated emails that people look forward to opening.',
      'From a simple monthly newsletter to welcome series, abandoned-cart flows and win-back campaigns, we set it up on Klaviyo, Mailchimp or your existing platform.',
      'Everything is compliant with the Australian Spam Act, and every send is reported with opens, clicks and revenue.',
    ],
    initialInvestmentDescription: 'Platform set-up, list clean-up and template design',
    initialInvestmentPrice: 450,
    packages: [
      monthly('Monthly Newsletter', 590, [
        'One designed newsletter per month',
        'Copywriting and image selection',
        'List segmentation',
        'Send-time testing',
        'Monthly results report',
      ]),
      weekly('Weekly Newsletter', 240, [
        'One newsletter every week',
        'Subject line A/B testing',
        'Promotions calendar',
        'Weekly results summary',
      ]),
      oneTime('Automation Build', 2190, [
        'Welcome series of four emails',
        'Abandoned cart or enquiry follow-up flow',
        'Win-back flow for lapsed customers',
        'Sign-up forms and pop-up',
        'Hand-over training',
      ]),
    ],
    extras: [
      {
        title: 'Template redesign',
        description: 'A fresh, mobile-first email template in your branding.',
        price: 490,
      },
      {
        title: 'List growth pop-up',
        description: 'A website pop-up with a lead magnet to grow your list.',
        price: 250,
      },
      {
        title: 'SMS campaign add-on',
        description: 'Pair your email campaign with an SMS reminder.',
        price: 180,
      },
      {
        title: 'Lead magnet guide',
        description: 'A designed PDF guide or checklist to offer new subscribers.',
        price: 620,
      },
    ],
    faqs: [
      {
        question: 'Which email platform do you use?',
        answer:
          'We work with Klaviyo, Mailchimp, Campaign Monitor and most other major platforms, including the one you already have.',
      },
      {
        question: 'I only have a small list. Is it worth it?',
        answer:
          'Yes. A small, engaged list often outperforms social media; we also help you grow it.',
      },
      {
        question: 'Are the emails compliant?',
        answer:
          'Every email includes a working unsubscribe and your business details, as required by the Spam Act 2003.',
      },
      {
        question: 'How often should I email my customers?',
        answer:
          'Most small businesses do well with fortnightly or monthly sends; retailers often benefit from weekly emails.',
      },
    ],
    galleryCount: 2,
  },
  {
    id: 'website-development',
    title: 'Website Development',
    motif: 'browser',
    description: [
      'Your website should be your best salesperson, working around the clock. We design and build fast, mobile-first websites that look the part and turn visitors into enquiries and sales.',
      'Every site is built on a platform you can update yourself, optimised for search from day one, accessible and secure, and hosted on Australian servers.',
      'We start with discovery and wireframes, show you the design before we build, and train you on how to update your content when we launch.',
    ],
    initialInvestmentDescription: 'Discovery workshop, sitemap and wireframes',
    initialInvestmentPrice: 1200,
    packages: [
      oneTime('Launch Site (5 pages)', 4950, [
        'Custom design for up to five pages',
        'Mobile-first and accessible build',
        'On-page SEO set-up',
        'Contact and enquiry forms',
        'Google Analytics 4 set-up',
        'One-hour training session',
      ]),
      oneTime('E-commerce Store', 11900, [
        'Custom Shopify or WooCommerce store',
        'Up to 50 products loaded',
        'Payment, shipping and GST set-up',
        'Abandoned cart email flow',
        'Two training sessions',
      ]),
      every('yearly', 'Website Care Plan', 1490, [
        'Hosting on Australian servers',
        'Security updates and daily backups',
        'Up to twelve hours of content changes a year',
        'Uptime monitoring',
      ]),
    ],
    extras: [
      {
        title: 'Extra page',
        description: 'One more designed and built page for your site.',
        price: 290,
      },
      {
        title: 'Online booking integration',
        description: 'Connect your site to a booking system such as Fresha, Cliniko or Calendly.',
        price: 650,
      },
      {
        title: 'Copywriting (per page)',
        description: 'Clear, search-friendly copy written for each page.',
        price: 180,
      },
      {
        title: 'Blog set-up',
        description: 'A blog with categories, search and three starter articles.',
        price: 390,
      },
    ],
    faqs: [
      {
        question: 'How long does a website take?',
        answer:
          'A five-page site typically takes four to six weeks; e-commerce stores take eight to ten weeks.',
      },
      {
        question: 'Can I update the website myself?',
        answer: 'Yes. We build on platforms that are easy to edit, and we train you before launch.',
      },
      {
        question: 'Do you do hosting and domains?',
        answer:
          'The Website Care Plan includes hosting on Australian servers. We can register or transfer your domain as well.',
      },
      {
        question: 'Will my site work on phones?',
        answer:
          'Every site is designed mobile first and tested on phones, tablets and desktops before launch.',
      },
      {
        question: 'What about my current website?',
        answer: 'We redirect your old pages to the new ones so you keep your search rankings.',
      },
    ],
    galleryCount: 4,
    comparisonPdf: true,
  },
  {
    id: 'business-accelerator',
    title: 'Business Accelerator',
    motif: 'rocket',
    description: [
      'The Business Accelerator is our flagship program for owners who are ready to grow. Over twelve weeks we audit your marketing, sharpen your offer and build a plan you can actually execute.',
      'You get a senior strategist, access to our whole creative team and a fortnightly accountability session. We fix the leaks in your funnel first, then turn up the volume with the channels that fit your business.',
      'Most Accelerator clients finish the program with a stronger brand, a better website, campaigns that pay for themselves and a clear 12-month roadmap.',
    ],
    initialInvestmentDescription: 'Growth diagnostic and 12-month marketing roadmap',
    initialInvestmentPrice: 1450,
    packages: [
      oneTime('Accelerator Intensive (6 weeks)', 6450, [
        'Full marketing and sales funnel audit',
        'Customer research interviews',
        'Offer and pricing workshop',
        'Three quick-win campaigns launched',
        'Fortnightly strategy sessions',
      ]),
      weekly('Weekly Growth Coaching', 450, [
        'One-hour weekly session with a strategist',
        'Action list and accountability tracking',
        'Campaign and content reviews',
        'Email support between sessions',
      ]),
      monthly(
        'Accelerator Program',
        2950,
        [
          'Senior strategist as your part-time CMO',
          'Monthly creative and campaign production',
          'Quarterly planning days',
          'Live marketing dashboard',
          'Priority access to every service',
          'Fortnightly accountability sessions',
        ],
        1450,
      ),
    ],
    extras: [
      {
        title: 'Team workshop (half day)',
        description: 'An on-site workshop to get your whole team behind the plan.',
        price: 1150,
      },
      {
        title: 'Competitor teardown',
        description: 'A deep dive into the marketing of your three biggest competitors.',
        price: 790,
      },
      {
        title: 'Sales script and follow-up kit',
        description: 'Call scripts, email templates and a follow-up sequence for your team.',
        price: 590,
      },
    ],
    faqs: [
      {
        question: 'Who is the Business Accelerator for?',
        answer:
          'Established small businesses, usually with two to fifty staff, who want to grow and are ready to invest time as well as budget.',
      },
      {
        question: 'How much of my time does it take?',
        answer: 'Plan for about two hours a week: one session and some homework between sessions.',
      },
      {
        question: 'What results can I expect?',
        answer:
          'Every business is different, but you will finish with a clear plan, working campaigns and the numbers to measure them.',
      },
      {
        question: 'Can I pay in instalments?',
        answer:
          'Yes. The Accelerator Program spreads the cost monthly; talk to us about the Intensive.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'branding',
    title: 'Branding & Brand Identity',
    motif: 'diamond',
    description: [
      'A strong brand makes every other dollar of marketing work harder. We create logos, colour palettes, typography and a tone of voice that make your business instantly recognisable.',
      'It starts with a discovery workshop to understand what makes you different, then moves through concepts, refinement and a complete brand toolkit your team and suppliers can use with confidence.',
      'Rebranding an established business? We manage the rollout across your signage, website, uniforms and vehicles so the change lands with impact.',
    ],
    initialInvestmentDescription: 'Brand discovery workshop and positioning',
    initialInvestmentPrice: 1250,
    packages: [
      oneTime('Logo Refresh', 1899.95, [
        'Modernised version of your existing logo',
        'Two concept directions',
        'Colour and mono versions',
        'All file formats for print and web',
      ]),
      oneTime('Brand Identity', 5850, [
        'New logo with three concept directions',
        'Colour palette and typography',
        'Tone of voice guide',
        'Brand pattern and icon set',
        'Business card and email signature',
        'Brand guidelines document',
      ]),
      every('quarterly', 'Brand Guardian', 1890, [
        'A brand health review every quarter',
        'Ongoing brand consistency checks',
        'New brand assets on request',
        'Supplier and signage artwork approvals',
      ]),
    ],
    extras: [
      {
        title: 'Naming workshop',
        description: 'Find and test a name for your business, product or range.',
        price: 1450,
      },
      {
        title: 'Stationery suite',
        description: 'Letterhead, invoices, quote templates and presentation slides.',
        price: 450,
      },
      {
        title: 'Brand launch social kit',
        description: 'Twelve social graphics to announce your new look.',
        price: 380,
      },
    ],
    faqs: [
      {
        question: 'How long does a brand identity take?',
        answer:
          'Usually six to eight weeks from the discovery workshop to the final brand guidelines.',
      },
      {
        question: 'Will you trademark my logo?',
        answer:
          'We are not lawyers, but we check for obvious conflicts and can refer you to a trademark attorney.',
      },
      {
        question: 'What if I do not like any of the concepts?',
        answer:
          'We go back to the workshop notes and develop new directions; it is rare, and it is included.',
      },
    ],
    galleryCount: 4,
  },
  {
    id: 'meta-ads',
    title: 'Meta Ads (Facebook & Instagram)',
    motif: 'loop',
    description: [
      'Facebook and Instagram ads can reach almost every adult in your area. We set up and run Meta campaigns that find new customers, bring back past visitors and sell your products from the feed.',
      'We look after the Meta Pixel and Conversions API, build audiences and catalogues, write and design the ads, and optimise them every week against your cost per lead or sale.',
    ],
    initialInvestmentDescription: 'Pixel, Conversions API and ad account set-up',
    initialInvestmentPrice: 590,
    packages: [
      weekly('Ad Sprint', 349.95, [
        'A focused campaign for a sale or event',
        'Four ad creatives',
        'Daily monitoring',
        'Weekly results summary',
      ]),
      monthly('Starter Ads', 690, [
        'Prospecting and retargeting campaigns',
        'Six ad creatives per month',
        'Monthly optimisation',
        'Monthly results report',
      ]),
      monthly('Scale Ads', 1490, [
        'Full-funnel Meta campaigns',
        'Twelve ad creatives per month',
        'Advantage+ shopping campaigns',
        'Weekly optimisation',
        'Fortnightly results call',
      ]),
    ],
    extras: [
      {
        title: 'UGC-style video ad',
        description: 'A creator-style video ad filmed on a phone for an authentic feel.',
        price: 550,
      },
      {
        title: 'Retargeting funnel',
        description: 'A three-step retargeting sequence for people who visited your site.',
        price: 420,
      },
      {
        title: 'Catalogue ads set-up',
        description: 'Connect your products for dynamic ads on Facebook and Instagram.',
        price: 380,
      },
    ],
    faqs: [
      {
        question: 'Do I need a Facebook page to run ads?',
        answer:
          'Yes, and an Instagram account helps. We can set up both if you do not have them yet.',
      },
      {
        question: 'What is the Conversions API?',
        answer:
          'A server-to-server connection that tells Meta about sales and leads even when browsers block tracking, so your ads optimise properly.',
      },
      {
        question: 'How much ad spend do you recommend?',
        answer:
          'Most local businesses start between $20 and $50 a day, billed by Meta directly to you.',
      },
      {
        question: 'Can you run ads for a one-off sale?',
        answer:
          'Yes, the Ad Sprint is built for exactly that and can be paused when the sale ends.',
      },
    ],
    galleryCount: 3,
  },
  {
    id: 'google-ads',
    title: 'Google Ads Management',
    motif: 'cursor',
    description: [
      'Be the first business people see when they search for what you do. Our Google Partner-certified team builds and manages Search, Performance Max and YouTube campaigns that pay their way.',
      'We track every call, form and sale, prune wasted spend every week and give you a straightforward monthly report with your cost per enquiry front and centre.',
      'Already running Google Ads yourself? Our Account Rescue finds where your budget is leaking and fixes it.',
    ],
    initialInvestmentDescription: 'Account build, keyword plan and conversion tracking',
    initialInvestmentPrice: 690,
    packages: [
      monthly('Search Starter', 790, [
        'Search campaigns for up to two services',
        'Weekly search term pruning',
        'Call and form conversion tracking',
        'Monthly report',
      ]),
      monthly('Search + Performance Max', 1590, [
        'Search and Performance Max campaigns',
        'Asset groups with images and video',
        'Audience signals and remarketing',
        'Weekly optimisation',
        'Monthly report and strategy call',
      ]),
      oneTime('Account Rescue', 1290, [
        'Full audit of your existing account',
        'Wasted spend and keyword clean-up',
        'Rebuilt campaign structure',
        'Conversion tracking fixed',
        'Four weeks of post-rescue monitoring',
      ]),
    ],
    extras: [
      {
        title: 'YouTube ads add-on',
        description: 'Video campaigns on YouTube using your existing footage.',
        price: 490,
      },
      {
        title: 'Local Services Ads set-up',
        description: 'Google Guaranteed ads for eligible trades and home services.',
        price: 290,
      },
      {
        title: 'Competitor keyword campaign',
        description: 'A campaign that shows your ads when people search for competitors.',
        price: 240,
      },
    ],
    faqs: [
      {
        question: 'Do you mark up ad spend?',
        answer:
          'Never. Google bills your card directly; our fee is the flat monthly management fee.',
      },
      {
        question: 'How soon will my ads show?',
        answer: 'Campaigns usually go live within five business days of the account build.',
      },
      {
        question: 'What is Performance Max?',
        answer:
          "Google's campaign type that shows your ads across Search, Maps, YouTube, Gmail and Display from one budget.",
      },
      {
        question: 'Is there a minimum term?',
        answer: 'No lock-in: plans are month to month with 30 days notice.',
      },
    ],
    galleryCount: 3,
  },
];

/**
 * A recurring plan charges the service's initial investment with its first period, so the
 * service page ('Initial investment $895'), the package tab and the order panel name one amount.
 */
export const demoServices: DemoService[] = services.map((service) => ({
  ...service,
  packages: service.packages.map((pkg) =>
    pkg.type !== 'one-time' && pkg.baseCost === 0
      ? { ...pkg, baseCost: service.initialInvestmentPrice }
      : pkg,
  ),
}));

const serviceLink = (id: string) => `/services/${id}`;

/** The content pages of the header navigation. */
const contentPages: DemoPage[] = [
  {
    id: 'social-media-management',
    title: 'Social Media Management',
    items: [
      {
        title: 'Instagram & Facebook Management',
        link: serviceLink('social-media-management'),
        motif: 'chat',
      },
      { title: 'Meta Ads', link: serviceLink('meta-ads'), motif: 'loop' },
      { title: 'Social Advertising', link: serviceLink('social-advertising'), motif: 'target' },
      { title: 'Reels & TikTok Content', link: serviceLink('content-creation'), motif: 'camera' },
      { title: 'Creator & Influencer Partnerships', link: serviceLink('pr'), motif: 'megaphone' },
      {
        title: 'Email & Social Campaigns',
        link: serviceLink('email-marketing'),
        motif: 'envelope',
      },
    ],
  },
  {
    id: 'marketing-materials',
    title: 'Marketing Materials',
    items: [
      { title: 'Brochures & Flyers', link: serviceLink('marketing-materials'), motif: 'cards' },
      { title: 'Business Cards & Stationery', link: serviceLink('branding'), motif: 'diamond' },
      { title: 'Trade Show Displays', link: serviceLink('marketing-materials'), motif: 'star' },
      { title: 'Digital Menu Boards', link: serviceLink('display-screens'), motif: 'screen' },
      { title: 'Logo & Brand Identity', link: serviceLink('branding'), motif: 'sparkle' },
      { title: 'Social & Print Graphics', link: serviceLink('graphic-design'), motif: 'pen' },
    ],
  },
  {
    id: 'content-creations',
    title: 'Content Creations',
    items: [
      { title: 'Photo & Video Shoots', link: serviceLink('content-creation'), motif: 'camera' },
      { title: 'TV & Online Commercials', link: serviceLink('commercials'), motif: 'play' },
      { title: 'Podcast Production', link: serviceLink('podcasts'), motif: 'mic' },
      { title: 'Studio Hire', link: serviceLink('studio-hire'), motif: 'spotlight' },
      { title: 'Event Coverage', link: serviceLink('events'), motif: 'star' },
    ],
  },
  {
    id: 'website',
    title: 'Website',
    items: [
      { title: 'Website Development', link: serviceLink('website-development'), motif: 'browser' },
      { title: 'SEO', link: serviceLink('seo'), motif: 'magnifier' },
      { title: 'Google Ads Management', link: serviceLink('google-ads'), motif: 'cursor' },
      {
        title: 'Search Engine Marketing',
        link: serviceLink('search-engine-marketing'),
        motif: 'bars',
      },
      { title: 'Google Business Profile', link: serviceLink('business-profile'), motif: 'pin' },
      { title: 'Email Marketing', link: serviceLink('email-marketing'), motif: 'envelope' },
      { title: 'Business Accelerator', link: serviceLink('business-accelerator'), motif: 'rocket' },
    ],
  },
];

const pageLink = (id: string) => `/pages/${id}`;

/**
 * One page per industry, linked from its tile on the home page: the services that business
 * usually starts with. A tile that opened a general page ('Hospitality' showing 'Social Media
 * Management') read as a wrong link.
 */
const industryPages: DemoPage[] = [
  {
    id: 'hospitality',
    title: 'Marketing for Hospitality',
    items: [
      { title: 'Digital Menu Boards', link: serviceLink('display-screens'), motif: 'screen' },
      {
        title: 'Google Business Profile & Reviews',
        link: serviceLink('business-profile'),
        motif: 'pin',
      },
      { title: 'Food & Venue Photography', link: serviceLink('content-creation'), motif: 'camera' },
      {
        title: 'Instagram & Facebook Management',
        link: serviceLink('social-media-management'),
        motif: 'chat',
      },
      { title: 'Launch Nights & Events', link: serviceLink('events'), motif: 'star' },
    ],
  },
  {
    id: 'retail',
    title: 'Marketing for Retail',
    items: [
      { title: 'Meta Ads for Your Products', link: serviceLink('meta-ads'), motif: 'loop' },
      { title: 'Social Advertising', link: serviceLink('social-advertising'), motif: 'target' },
      { title: 'In-store Display Screens', link: serviceLink('display-screens'), motif: 'screen' },
      { title: 'Email Marketing', link: serviceLink('email-marketing'), motif: 'envelope' },
      { title: 'Catalogues & Flyers', link: serviceLink('marketing-materials'), motif: 'cards' },
    ],
  },
  {
    id: 'trades-construction',
    title: 'Marketing for Trades & Construction',
    items: [
      { title: 'Google Business Profile', link: serviceLink('business-profile'), motif: 'pin' },
      { title: 'Google & Local Services Ads', link: serviceLink('google-ads'), motif: 'cursor' },
      { title: 'Website Development', link: serviceLink('website-development'), motif: 'browser' },
      { title: 'Local SEO', link: serviceLink('seo'), motif: 'magnifier' },
      { title: 'Flyers & Vehicle Signage', link: serviceLink('marketing-materials'), motif: 'car' },
    ],
  },
  {
    id: 'health-wellness',
    title: 'Marketing for Health & Wellness',
    items: [
      { title: 'SEO for Clinics & Studios', link: serviceLink('seo'), motif: 'magnifier' },
      { title: 'Google Business Profile', link: serviceLink('business-profile'), motif: 'pin' },
      {
        title: 'Booking-ready Websites',
        link: serviceLink('website-development'),
        motif: 'browser',
      },
      { title: 'Patient & Member Emails', link: serviceLink('email-marketing'), motif: 'envelope' },
      { title: 'Wellness Podcasts', link: serviceLink('podcasts'), motif: 'mic' },
    ],
  },
  {
    id: 'real-estate',
    title: 'Marketing for Real Estate',
    items: [
      { title: 'Property Photo & Video', link: serviceLink('content-creation'), motif: 'camera' },
      { title: 'Agent & Agency Branding', link: serviceLink('branding'), motif: 'diamond' },
      { title: 'Meta Ads for Listings', link: serviceLink('meta-ads'), motif: 'loop' },
      { title: 'Brochures & Signboards', link: serviceLink('marketing-materials'), motif: 'cards' },
      {
        title: 'Social Media Management',
        link: serviceLink('social-media-management'),
        motif: 'chat',
      },
    ],
  },
  {
    id: 'professional-services',
    title: 'Marketing for Professional Services',
    items: [
      { title: 'Website Development', link: serviceLink('website-development'), motif: 'browser' },
      { title: 'SEO', link: serviceLink('seo'), motif: 'magnifier' },
      { title: 'Branding & Brand Identity', link: serviceLink('branding'), motif: 'sparkle' },
      { title: 'Thought-leadership Podcasts', link: serviceLink('podcasts'), motif: 'mic' },
      { title: 'Business Accelerator', link: serviceLink('business-accelerator'), motif: 'rocket' },
    ],
  },
  {
    id: 'education',
    title: 'Marketing for Education',
    items: [
      {
        title: 'Enrolment Search Campaigns',
        link: serviceLink('search-engine-marketing'),
        motif: 'bars',
      },
      { title: 'Open Days & Events', link: serviceLink('events'), motif: 'star' },
      { title: 'Email Marketing', link: serviceLink('email-marketing'), motif: 'envelope' },
      {
        title: 'Social Media Management',
        link: serviceLink('social-media-management'),
        motif: 'chat',
      },
      { title: 'Website Development', link: serviceLink('website-development'), motif: 'browser' },
    ],
  },
  {
    id: 'not-for-profit',
    title: 'Marketing for Not-for-profits',
    items: [
      { title: 'Public Relations', link: serviceLink('pr'), motif: 'megaphone' },
      { title: 'Campaign Videos', link: serviceLink('commercials'), motif: 'play' },
      { title: 'Email Appeals', link: serviceLink('email-marketing'), motif: 'envelope' },
      { title: 'Fundraising Events', link: serviceLink('events'), motif: 'heart' },
      {
        title: 'Social Media Management',
        link: serviceLink('social-media-management'),
        motif: 'chat',
      },
    ],
  },
  {
    id: 'automotive',
    title: 'Marketing for Automotive',
    items: [
      { title: 'Google Ads Management', link: serviceLink('google-ads'), motif: 'cursor' },
      { title: 'Showroom Display Screens', link: serviceLink('display-screens'), motif: 'screen' },
      { title: 'TV & Online Commercials', link: serviceLink('commercials'), motif: 'play' },
      {
        title: 'Search Engine Marketing',
        link: serviceLink('search-engine-marketing'),
        motif: 'bars',
      },
      { title: 'Google Business Profile', link: serviceLink('business-profile'), motif: 'pin' },
    ],
  },
  {
    id: 'beauty',
    title: 'Marketing for Hair & Beauty',
    items: [
      {
        title: 'Instagram & Facebook Management',
        link: serviceLink('social-media-management'),
        motif: 'chat',
      },
      { title: 'Reels & TikTok Content', link: serviceLink('content-creation'), motif: 'camera' },
      { title: 'Meta Ads', link: serviceLink('meta-ads'), motif: 'loop' },
      {
        title: 'Google Business Profile & Reviews',
        link: serviceLink('business-profile'),
        motif: 'pin',
      },
      { title: 'Salon Branding', link: serviceLink('branding'), motif: 'sparkle' },
    ],
  },
];

export const demoPages: DemoPage[] = [...contentPages, ...industryPages];

export const demoIndustries: DemoIndustry[] = [
  { id: 'hospitality', title: 'Hospitality', link: pageLink('hospitality'), motif: 'cup' },
  { id: 'retail', title: 'Retail', link: pageLink('retail'), motif: 'bag' },
  {
    id: 'trades-construction',
    title: 'Trades & Construction',
    link: pageLink('trades-construction'),
    motif: 'wrench',
  },
  {
    id: 'health-wellness',
    title: 'Health & Wellness',
    link: pageLink('health-wellness'),
    motif: 'leaf',
  },
  { id: 'real-estate', title: 'Real Estate', link: pageLink('real-estate'), motif: 'house' },
  {
    id: 'professional-services',
    title: 'Professional Services',
    link: pageLink('professional-services'),
    motif: 'briefcase',
  },
  { id: 'education', title: 'Education', link: pageLink('education'), motif: 'book' },
  {
    id: 'not-for-profit',
    title: 'Not-for-profit',
    link: pageLink('not-for-profit'),
    motif: 'heart',
  },
  { id: 'automotive', title: 'Automotive', link: pageLink('automotive'), motif: 'car' },
  { id: 'beauty', title: 'Hair & Beauty', link: pageLink('beauty'), motif: 'sparkle' },
];

/** How long each demo service takes, in working days from the brief (docs/decisions/054). */
export const demoDeliveryDays: Record<string, number> = {
  'graphic-design': 5,
  commercials: 20,
  'studio-hire': 2,
  'content-creation': 10,
  'social-media-management': 5,
  seo: 10,
  events: 20,
  'display-screens': 10,
  'social-advertising': 5,
  podcasts: 15,
  'search-engine-marketing': 5,
  'business-profile': 3,
  pr: 15,
  'marketing-materials': 7,
  'email-marketing': 5,
};

/**
 * What three demo services ask in the brief (docs/decisions/058), so a new shop sees intake
 * questions at work. None is required: the buyer may also just write, or say there is nothing
 * to add.
 */
export const demoIntakeQuestions: Record<string, IntakeQuestion[]> = {
  'design-requests': [
    {
      id: 'format',
      kind: 'single-choice',
      label: 'What is it for?',
      help: '',
      required: false,
      options: ['Social media', 'Print', 'Presentation', 'Web', 'Something else'],
    },
    {
      id: 'details',
      kind: 'long-text',
      label: 'What should it say and show?',
      help: 'Words, sizes and anything we must include.',
      required: false,
      options: [],
    },
    {
      id: 'files',
      kind: 'file',
      label: 'Files to work from',
      help: 'Photos, logos or an earlier version: anything we should use.',
      required: false,
      options: [],
    },
  ],
  branding: [
    {
      id: 'brand-name',
      kind: 'short-text',
      label: 'Brand name',
      help: 'Exactly as it should appear.',
      required: false,
      options: [],
    },
    {
      id: 'colours',
      kind: 'short-text',
      label: 'Colours you love (or want to avoid)',
      help: 'Names or hex codes are both fine.',
      required: false,
      options: [],
    },
    {
      id: 'examples',
      kind: 'file',
      label: 'Logos or brands you admire',
      help: 'Screenshots or files: what you like about them helps too.',
      required: false,
      options: [],
    },
  ],
  seo: [
    { id: 'website', kind: 'link', label: 'Your website', help: '', required: false, options: [] },
    {
      id: 'competitors',
      kind: 'long-text',
      label: 'Your main competitors',
      help: 'Their names or websites, one per line.',
      required: false,
      options: [],
    },
  ],
  'social-media-management': [
    {
      id: 'platforms',
      kind: 'multiple-choice',
      label: 'Which platforms should we run?',
      help: '',
      required: false,
      options: ['Instagram', 'Facebook', 'TikTok', 'LinkedIn'],
    },
    {
      id: 'tone',
      kind: 'single-choice',
      label: 'Tone of voice',
      help: '',
      required: false,
      options: ['Friendly and casual', 'Professional', 'Bold and playful'],
    },
  ],
};
