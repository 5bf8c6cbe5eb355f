import type { Mailer } from '@sideline/infra';
import type { FeatureContext } from '../shared/feature-context.ts';

/** What the players and invitations routes share: the app's context, a clock and the mailer. */
export interface RosterContext extends FeatureContext {
  /** Injected, so tests can move time (invitations expire after 7 days). */
  clock: () => Date;
  mailer: Mailer;
}
