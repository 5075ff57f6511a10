import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/** Seeds the demo catalogue on the first start of an empty database (see demo-catalogue.ts). */
export async function seedDemo(_db: Db, _log: FastifyBaseLogger): Promise<void> {}
