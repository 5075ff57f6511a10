import type { AppModule } from '../../app-module.ts';
import { createCustomerRepository } from './repository.ts';
import { registerCustomerRoutes } from './routes.ts';

const repositories = { customers: createCustomerRepository };

/** Staff's list of customers and their accounts. */
export const customersModule: AppModule<typeof repositories> = {
  name: 'customers',
  sends: {
    auditActions: ['note.added'],
  },
  repositories,
  routes(app, { repos }) {
    registerCustomerRoutes(app, {
      repos,
      customers: repos.customers,
      users: repos.users,
      audit: repos.audit,
    });
  },
};
