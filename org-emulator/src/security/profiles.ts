// The standard profiles of the demo org, as a new org ships them (Setup > Profiles), reduced to the
// objects the emulator has. Custom objects get nothing from these profiles: access to the package's
// objects and fields comes from its permission sets (salesforce/force-app/.../permissionsets), as in a
// real org where a package's objects are invisible until a permission set grants them.
// https://help.salesforce.com/s/articleView?id=sf.standard_profiles.htm
// https://help.salesforce.com/s/articleView?id=sf.users_profiles_cloning.htm (standard profile permissions)

export interface ObjectPerms {
  read: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
  viewAll: boolean;
  modifyAll: boolean;
}

/** System permissions the emulator checks (PermissionSet userPermissions names). */
export type UserPermission =
  'ViewAllData' | 'ModifyAllData' | 'CustomizeApplication' | 'ModifyMetadata' | 'ViewSetup' | 'ApiEnabled';

export interface ProfileDef {
  /** Every object and field, with View All and Modify All (System Administrator). */
  all: boolean;
  userPermissions: UserPermission[];
  objects: Record<string, string>;
}

export const NO_ACCESS: ObjectPerms = {
  read: false,
  create: false,
  edit: false,
  delete: false,
  viewAll: false,
  modifyAll: false,
};

/** 'R', 'RC', 'RCE', 'RCED' as the profile editor's Read/Create/Edit/Delete columns. */
export function objectPermsOf(code: string): ObjectPerms {
  return {
    read: code.includes('R'),
    create: code.includes('C'),
    edit: code.includes('E'),
    delete: code.includes('D'),
    viewAll: false,
    modifyAll: false,
  };
}

// Objects every user reads to sign in and find their way (the CLI and jsforce read Organization and User).
const SETUP_READ = {
  Organization: 'R',
  User: 'R',
  Profile: 'R',
  Network: 'R',
  RecordType: 'R',
  PermissionSet: 'R',
  PermissionSetAssignment: 'R',
  // queues and their members (a user finds the queues whose tasks are theirs)
  Group: 'R',
  GroupMember: 'R',
  QueueSobject: 'R',
};

export const PROFILES: Record<string, ProfileDef> = {
  'System Administrator': {
    all: true,
    userPermissions: [
      'ViewAllData',
      'ModifyAllData',
      'CustomizeApplication',
      'ModifyMetadata',
      'ViewSetup',
      'ApiEnabled',
    ],
    objects: {},
  },
  'Standard User': {
    all: false,
    userPermissions: ['ApiEnabled'],
    objects: {
      ...SETUP_READ,
      Account: 'RCED',
      Contact: 'RCED',
      Task: 'RCED',
      ContentDocument: 'RCED',
      ContentVersion: 'RCE',
      ContentDocumentLink: 'RCED',
    },
  },
  // Partner users may not delete accounts or contacts (the profile's permissions are capped by the
  // Partner Community licence).
  'Partner Community User': {
    all: false,
    userPermissions: ['ApiEnabled'],
    objects: {
      ...SETUP_READ,
      Account: 'RCE',
      Contact: 'RCE',
      Task: 'RCED',
      ContentDocument: 'RCED',
      ContentVersion: 'RCE',
      ContentDocumentLink: 'RCED',
    },
  },
};

/** A user whose profile the emulator does not know gets a Standard User's rights. */
export const profileDef = (name: string): ProfileDef =>
  PROFILES[name] ?? (PROFILES['Standard User'] as ProfileDef);

/** UserType values of external (community/portal) users: they get the objects' external sharing model. */
export const EXTERNAL_USER_TYPES = new Set([
  'PowerPartner',
  'CspLitePortal',
  'CustomerSuccess',
  'PowerCustomerSuccess',
  'Guest',
]);
