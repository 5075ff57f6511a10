import type { AppModule } from '../../app-module.ts';
import { registerSeoRoutes } from './routes.ts';

/** The sitemap and robots.txt, from the catalogue. */
export const seoModule: AppModule = {
  name: 'seo',
  routes(app, { repos, config }) {
    registerSeoRoutes(app, { catalogue: repos.catalogue, publicUrl: config.publicUrl });
  },
};
