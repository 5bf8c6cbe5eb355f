import type { Bus } from '../bus/port.ts';
import { busPublishes, busReconnects } from './metrics.ts';

/**
 * The bus with its publishes and reconnects counted. NATS core (Sideline's bus) delivers at most
 * once and redelivers nothing; what takes the place of redelivery is the resync after a reconnect
 * (`sideline_bus_reconnects_total` here, and the gateway's resync frames).
 */
export function instrumentBus(bus: Bus): Bus & { stopCounting(): void } {
  const labels = { bus: bus.kind };
  const stopCountingReconnects = bus.onReconnect(() => busReconnects.inc());
  return {
    // The adapters are plain objects of closures: everything else passes through as it is.
    ...bus,
    publish(subject, data) {
      busPublishes.inc(labels);
      return bus.publish(subject, data);
    },
    stopCounting: stopCountingReconnects,
  };
}
