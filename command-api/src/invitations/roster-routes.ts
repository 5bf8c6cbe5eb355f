import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { createMailer } from '@sideline/infra';
import { playersRoutes } from '../players/players-routes.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { invitationsRoutes } from './invitations-routes.ts';
import type { RosterContext } from './roster-context.ts';

/** Players and invitations, sharing one mailer (SMTP_URL, else DATA_DIR/outbox) and the clock. */
export const rosterRoutes: FastifyPluginAsync<FeatureContext & { clock?: () => Date }> = async (app, options) => {
  const mailer = createMailer({
    smtpUrl: options.config.SMTP_URL,
    from: options.config.MAIL_FROM,
    outboxDir: path.join(options.dataDir, 'outbox'),
    logger: options.logger,
  });
  app.addHook('onClose', async () => mailer.close());
  const ctx: RosterContext = { ...options, clock: options.clock ?? (() => new Date()), mailer };
  await app.register(playersRoutes, ctx);
  await app.register(invitationsRoutes, ctx);
};
