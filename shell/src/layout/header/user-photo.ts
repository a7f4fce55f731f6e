/**
 * The org's SmallPhotoUrl through the BFF (GET /api/userPhoto): same-origin, so the browser's cookies
 * never go to the org and the image needs no org session; offline the avatar shows the initials.
 */
export const USER_PHOTO_PATH = '/api/userPhoto';
