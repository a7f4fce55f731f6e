/**
 * Canvas (embedded mode): the org POSTs its signed request to /canvas; the BFF verifies it, starts an
 * embedded session and sends the frame to the launcher. /api/canvas/context tells the launcher where
 * it may post its messages (see mfe-form README "Launcher and canvas mode").
 */
import { CANVAS_LAUNCH_PATH } from 'shared-contracts';
import { readForm } from '../http/body';
import { ApiError } from '../http/errors';
import { verifySignedRequest } from '../org/canvas';
import { origin } from '../org/util';
import { HANDLED, type Handler } from './types';

/** The launcher's five optional path segments, in order. */
const LAUNCH_SEGMENTS = ['formId', 'formName', 'formSubmissionId', 'formSubmissionStatus', 'submissionId'];
/** A missing middle segment: keeps the later ones in their positions (the launcher reads '-' as absent). */
const ABSENT = '-';

/** /launchFromSF/{formId}/{formName}/... from the canvas parameters; trailing absents dropped. */
export function launchPathFrom(params: Record<string, unknown>): string {
  const values = LAUNCH_SEGMENTS.map((k) => {
    const v = params[k];
    return typeof v === 'string' && v.trim() !== '' ? encodeURIComponent(v.trim().slice(0, 200)) : '';
  });
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return [CANVAS_LAUNCH_PATH, ...values.map((v) => v || ABSENT)].join('/');
}

/** Exact origins of the configured frame ancestors (wildcards and keywords cannot be matched exactly). */
export function exactOrigins(sources: readonly string[]): string[] {
  return sources
    .filter((s) => /^https?:\/\/[^*\s]+$/.test(s))
    .map((s) => origin(s))
    .filter((o): o is string => o !== null);
}

export const canvasHandlers: Record<string, Handler> = {
  async canvas({ ctx, deps }) {
    const secret = deps.config.salesforce.canvasSecret;
    if (!secret) throw new ApiError('NOT_AUTHENTICATED', 'Canvas is not configured.');
    const form = await readForm(ctx, 64 * 1024);
    const signed = form.get('signed_request');
    const request = verifySignedRequest(signed ?? '', secret, deps.config.salesforce.canvasMaxAgeSeconds);
    const client = request.client;
    const instanceUrl = origin(client.instanceUrl);
    if (!instanceUrl) throw new ApiError('NOT_AUTHENTICATED', 'The signed request could not be verified.');
    const data = await ctx.session.startEmbedded();
    data.main = {
      accessToken: client.oauthToken,
      instanceUrl,
      loginUrl: instanceUrl,
      userId: request.userId,
      organizationId: request.organizationId,
      username: request.userName ?? undefined,
      userType: request.userType ?? undefined,
      networkId: request.networkId ?? null,
      siteUrl: request.siteUrl ?? null,
      issuedAt: Date.now(),
    };
    delete data.otherOrg;
    data.pending = [];
    const targetOrigin = origin(client.targetOrigin ?? '') ?? '';
    // The record page the org launched from: only on the org's own origins (it is a "back" link).
    const location = request.locationUrl ? origin(request.locationUrl) : null;
    const recordUrl =
      location && (location === instanceUrl || location === targetOrigin) ? request.locationUrl : null;
    data.canvas = {
      instanceId: client.instanceId ?? '',
      targetOrigin,
      ...(recordUrl ? { recordUrl } : {}),
    };
    ctx.session.touch();
    ctx.status = 303;
    ctx.redirect(launchPathFrom(request.parameters));
    return HANDLED;
  },

  /**
   * What the launcher needs to talk to the host page. No OAuth token: the host page is the org itself
   * and authenticates the message by its origin and source frame, so the browser never gets one.
   */
  async canvasContext({ session, deps }) {
    if (!session?.canvas || !session.main)
      throw new ApiError('FORBIDDEN', 'Not an embedded (canvas) session.');
    return {
      instanceId: session.canvas.instanceId,
      targetOrigin: session.canvas.targetOrigin,
      instanceUrl: session.main.instanceUrl,
      allowedOrigins: exactOrigins(deps.config.frameAncestors),
      ...(session.canvas.recordUrl ? { recordUrl: session.canvas.recordUrl } : {}),
    };
  },
};
