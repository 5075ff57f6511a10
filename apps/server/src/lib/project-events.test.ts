import { describe, expect, it } from 'vitest';
import { createProjectEvents } from './project-events.ts';

describe('project events', () => {
  it('run each handler of the event in the order they subscribed, one after another', async () => {
    const events = createProjectEvents();
    const heard: string[] = [];
    events.on('deliverable-approved', async ({ projectId }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`first ${projectId}`);
    });
    events.on('status-changed', async () => {
      heard.push('another event');
    });
    events.on('deliverable-approved', async ({ projectId }) => {
      heard.push(`second ${projectId}`);
    });
    await events.emit('deliverable-approved', { projectId: 'p1' });
    expect(heard).toEqual(['first p1', 'second p1']);
  });

  it('stop calling a handler that unsubscribed, and emit to nobody quietly', async () => {
    const events = createProjectEvents();
    const heard: string[] = [];
    const stop = events.on('status-changed', async ({ to }) => {
      heard.push(to);
    });
    await events.emit('status-changed', { projectId: 'p1', from: 'active', to: 'on-hold' });
    stop();
    await events.emit('status-changed', { projectId: 'p1', from: 'on-hold', to: 'active' });
    await events.emit('deliverable-approved', { projectId: 'p1' });
    expect(heard).toEqual(['on-hold']);
  });

  it('fail the emitter when a handler fails, and run no handler after it', async () => {
    const events = createProjectEvents();
    const heard: string[] = [];
    events.on('deliverable-approved', async () => {
      throw new Error('the queue is locked');
    });
    events.on('deliverable-approved', async () => {
      heard.push('after');
    });
    await expect(events.emit('deliverable-approved', { projectId: 'p1' })).rejects.toThrow(
      'the queue is locked',
    );
    expect(heard).toEqual([]);
  });
});
