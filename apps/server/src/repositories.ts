import type { AppModule, RepositoryFactories } from './app-module.ts';
import type { Db } from './db/client.ts';
import { appModules } from './modules.ts';

/** The repository factories one module names (`repositories` in its contract). */
type FactoriesOf<M> = M extends AppModule<infer R> ? R : never;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** Every module's factories, by the name their repository has on `repos`. */
type AllFactories = UnionToIntersection<
  { [I in keyof typeof appModules]: FactoriesOf<(typeof appModules)[I]> }[number]
>;

/** Every module's repository on one handle: the database, or a transaction of it. */
type RepositorySet = { [K in keyof AllFactories]: ReturnType<AllFactories[K]> };

/** The modules' factories by name, checked once: two modules naming one repository is a mistake. */
const factories: RepositoryFactories = {};
for (const module of appModules as readonly AppModule<RepositoryFactories>[]) {
  for (const [name, factory] of Object.entries(module.repositories ?? {})) {
    if (name in factories || name === 'transaction') {
      throw new Error(`The repository '${name}' is named twice (module ${module.name})`);
    }
    factories[name] = factory;
  }
}

export interface Repositories extends RepositorySet {
  /**
   * Runs `work` in one transaction with every repository bound to it: what it does is saved
   * together or not at all (docs/decisions/076). Inside, `work` uses the repositories it is
   * given, never the outer ones.
   */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

/**
 * The app's repositories, made once by app.ts and handed to every module in its context
 * (docs/decisions/076): each module's, as it names them in its contract (modules.ts lists the
 * modules). Making them is cheap (plain objects of closures), so a transaction makes its own set.
 */
export function createRepositories(db: Db): Repositories {
  const set: Record<string, object> = {};
  for (const [name, factory] of Object.entries(factories)) set[name] = factory(db);
  return {
    ...(set as RepositorySet),
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx))),
  };
}
