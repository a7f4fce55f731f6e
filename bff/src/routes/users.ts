// The signed-in user: their details (two records, spec section 3) and their photo.
import { sharedCache } from '../cache/shared-cache';
import { ApiError } from '../http/errors';
import { eqId, select } from '../org/soql';
import { queryAll } from '../org/util';
import { streamOrgImage } from '../org/files';
import { HANDLED, type Call, type Handler } from './types';

// Shared by the instances (Redis): the sign-in's two asks may reach two instances behind the balancer.
const userDetailsCache = sharedCache<unknown[]>('userDetails', { max: 5000, ttlMs: 60_000 });

async function readUserDetails(
  call: Call,
  auth: ReturnType<Call['auth']>,
  userId: string,
): Promise<unknown[]> {
  const [user] = await queryAll(
    call.conn(),
    select({
      fields: [
        'Id',
        'Name',
        'Username',
        'SmallPhotoUrl',
        'TimeZoneSidKey',
        'LanguageLocaleKey',
        'LocaleSidKey',
        'UserType',
      ],
      from: 'User',
      where: [eqId('Id', userId)],
      limit: 1,
    }),
  );
  if (!user) throw new ApiError('NOT_FOUND');
  const own = userId.slice(0, 15) === auth.userId.slice(0, 15);
  const orgType = typeof user.UserType === 'string' ? user.UserType : '';
  const userType =
    own && auth.userType
      ? auth.userType
      : orgType === 'PowerPartner'
        ? 'POWER_PARTNER'
        : orgType.toUpperCase();
  return [
    {
      Name: user.Name,
      Username: user.Username,
      SmallPhotoUrl: user.SmallPhotoUrl,
      TimeZoneSidKey: user.TimeZoneSidKey,
      LanguageLocaleKey: user.LanguageLocaleKey,
      LocaleSidKey: user.LocaleSidKey,
    },
    {
      timeZone: user.TimeZoneSidKey,
      userType,
      networkId: own ? (auth.networkId ?? null) : null,
      siteUrl: own ? (auth.siteUrl ?? null) : null,
    },
  ];
}

export const userHandlers: Record<string, Handler> = {
  async userDetails(call) {
    const auth = call.auth();
    const userId = call.query.userId ?? auth.userId;
    // A sign-in asks for the user twice within a second (the callback, then the session check): one
    // org call serves this session both times (issue 33). Per session, so sharing is untouched.
    const key = `${call.ctx.session.id ?? ''}|${auth.instanceUrl}|${userId}`;
    return userDetailsCache.getOrLoad(key, () => readUserDetails(call, auth, userId));
  },

  async userPhoto(call) {
    const field = call.query.size === 'full' ? 'FullPhotoUrl' : 'SmallPhotoUrl';
    const [user] = await queryAll(
      call.conn(),
      select({ fields: ['Id', field], from: 'User', where: [eqId('Id', call.auth().userId)], limit: 1 }),
    );
    const url = user?.[field];
    if (typeof url !== 'string' || url === '') throw new ApiError('NOT_FOUND', 'The user has no photo.');
    await streamOrgImage(call, url, 'The photo', 'private, max-age=3600');
    return HANDLED;
  },
};
