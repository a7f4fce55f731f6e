// The signed-in user's details as the spec's two records carry them (host-services and the route table).
/** User details, first record (spec section 3). */
export interface UserDetails {
  Name: string;
  Username: string;
  SmallPhotoUrl: string;
  TimeZoneSidKey: string;
  /** The user's Salesforce language (e.g. es, pt_BR, ar): the app's texts and the org's labels (issue 44). */
  LanguageLocaleKey?: string;
  /** The user's Salesforce locale (e.g. de_DE): dates, times and numbers through Intl (issue 44). */
  LocaleSidKey?: string;
}

/** User details, second record (spec section 3): partner users carry a network id and a site URL. */
export interface UserDetailsSF {
  timeZone: string;
  userType: string | null;
  networkId: string | null;
  siteUrl: string | null;
}
