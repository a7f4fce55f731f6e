// The signed-in user's details as the spec's two records carry them (host-services and the route table).
/** User details, first record (spec section 3). */
export interface UserDetails {
  Name: string;
  Username: string;
  SmallPhotoUrl: string;
  TimeZoneSidKey: string;
}

/** User details, second record (spec section 3): partner users carry a network id and a site URL. */
export interface UserDetailsSF {
  timeZone: string;
  userType: string | null;
  networkId: string | null;
  siteUrl: string | null;
}
