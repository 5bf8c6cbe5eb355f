import { startSpan, tracingEnabled, type Bus, type RecordedEvent } from '@sideline/infra';
import type { AfterCommitMessage } from './projector.ts';

/**
 * Publishes a committed batch's realtime notices and, while tracing is on, continues the traces
 * of the commands whose events it applied: a `projection {name}` span per trace, from the batch's
 * start to its commit, as a child of the append that wrote the events (their
 * `metadata.traceparent`), and the publishing of the notices as a `fan-out {name}` span under the
 * first of them (linked to the others: one batch may hold many commands).
 */
export function publishApplied(
  bus: Bus,
  projector: string,
  events: readonly RecordedEvent[],
  messages: readonly AfterCommitMessage[],
  batchStartedAt: number,
): void {
  const publish = () => {
    for (const message of messages) void bus.publish(message.subject, message.data);
  };
  if (!tracingEnabled()) return publish();
  const parents = new Set<string>();
  for (const event of events) if (event.metadata.traceparent) parents.add(event.metadata.traceparent);
  if (parents.size === 0) return publish();
  const attributes = { 'sideline.projector': projector, 'sideline.events': events.length };
  const applied = [...parents].flatMap((parent) => {
    const span = startSpan(`projection ${projector}`, { parent, startTime: batchStartedAt, attributes });
    span?.end();
    return span ? [span.traceparent] : [];
  });
  if (messages.length === 0) return;
  const [first, ...others] = applied;
  const fanOut = startSpan(`fan-out ${projector}`, {
    ...(first ? { parent: first } : {}),
    links: others,
    attributes: { 'sideline.projector': projector, 'sideline.messages': messages.length },
  });
  if (!fanOut) return publish();
  fanOut.run(publish);
  fanOut.end();
}
