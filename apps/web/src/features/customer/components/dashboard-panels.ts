/*
 * The dashboard's panels that read the API (and check its answers with zod): one chunk, which
 * routes/dashboard.tsx loads once its greeting is on screen (docs/decisions/114).
 */
export { NeedsActionList } from './needs-action';
export { RecentlyViewed } from './recently-viewed';
export { RequestPlans } from './request-plans';
export { YourQuestions } from './your-questions';
