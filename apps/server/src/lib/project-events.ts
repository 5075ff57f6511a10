/**
 * What happens to a project that other modules act on, without the module it happens in knowing
 * them: the projects module tells of a status that moved, the messages module of an approved
 * deliverable, and a module that cares names a handler in its contract (`projectEvents` in
 * app-module.ts), which app.ts subscribes once per app.
 */
export interface ProjectEventMap {
  /** Staff moved a project to another status, by a status update or by Edit Sale. */
  'status-changed': { projectId: string; from: string; to: string };
  /** The customer approved a deliverable of the project (a plan's request is then done). */
  'deliverable-approved': { projectId: string };
}

export type ProjectEventName = keyof ProjectEventMap;

export type ProjectEventHandler<K extends ProjectEventName> = (
  event: ProjectEventMap[K],
) => Promise<void>;

export interface ProjectEvents {
  /** Calls `handler` at each such event from now on; answers how to stop. */
  on<K extends ProjectEventName>(name: K, handler: ProjectEventHandler<K>): () => void;
  /**
   * Runs the event's handlers one after another, in the order they subscribed, and returns when
   * the last is done. A handler that fails fails the emitter's request, as a call made in its
   * place would: the change that caused the event is already saved.
   */
  emit<K extends ProjectEventName>(name: K, event: ProjectEventMap[K]): Promise<void>;
}

export function createProjectEvents(): ProjectEvents {
  const handlers = new Map<ProjectEventName, ((event: never) => Promise<void>)[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      handlers.set(name, [...list, handler]);
      return () => {
        handlers.set(
          name,
          (handlers.get(name) ?? []).filter((h) => h !== handler),
        );
      };
    },
    async emit(name, event) {
      for (const handler of handlers.get(name) ?? []) {
        await (handler as ProjectEventHandler<typeof name>)(event);
      }
    },
  };
}
