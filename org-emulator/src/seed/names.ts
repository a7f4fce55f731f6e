// Deterministic pseudo-random data so the demo org is identical on every start.
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, list: readonly T[]): T =>
  list[Math.floor(rand() * list.length)] as T;

export const COMPANY_STEMS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne',
  'Wonka',
  'Cyberdyne',
  'Soylent',
  'Tyrell',
  'Vandelay',
  'Hooli',
  'Pied Piper',
  'Massive Dynamic',
  'Gringotts',
  'Oscorp',
  'Aperture',
  'Black Mesa',
  'Monarch',
  'Virtucon',
  'Nakatomi',
  'Dunder Mifflin',
  'Prestige',
  'Sterling Cooper',
  'Bluth',
  'Kramerica',
  'Northwind',
  'Contoso',
  'Fabrikam',
  'Tailspin',
  'Adventure Works',
  'Blue Yonder',
  'Litware',
  'Proseware',
  'Wide World',
  'Lucerne',
  'Margie',
  'Alpine Ski',
  'Coho',
  'Fourth Coffee',
] as const;

export const COMPANY_SUFFIXES = [
  'Industries',
  'Manufacturing',
  'Logistics',
  'Chemicals',
  'Energy',
  'Foods',
  'Construction',
  'Holdings',
] as const;

export const CITIES: readonly [string, string, string][] = [
  ['Austin', 'TX', 'United States'],
  ['Boston', 'MA', 'United States'],
  ['Chicago', 'IL', 'United States'],
  ['Denver', 'CO', 'United States'],
  ['Seattle', 'WA', 'United States'],
  ['Atlanta', 'GA', 'United States'],
  ['Toronto', 'ON', 'Canada'],
  ['Manchester', 'England', 'United Kingdom'],
  ['Lyon', 'Auvergne-Rhône-Alpes', 'France'],
  ['Munich', 'Bavaria', 'Germany'],
  ['Pune', 'Maharashtra', 'India'],
  ['Kathmandu', 'Bagmati', 'Nepal'],
];

export const FIRST_NAMES = [
  'Ava',
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Mateo',
  'Sophia',
  'Lucas',
  'Isabella',
  'Aarav',
  'Mia',
  'Ethan',
  'Priya',
  'Kenji',
  'Fatima',
  'Diego',
  'Chloe',
  'Omar',
  'Hannah',
  'Ravi',
  'Grace',
  'Sven',
  'Amara',
  'Jonas',
] as const;

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Garcia',
  'Müller',
  'Nguyen',
  'Patel',
  'Kim',
  'Okafor',
  'Rossi',
  'Silva',
  'Cohen',
  "O'Brien",
  'Tanaka',
  'Dubois',
  'Kowalski',
  'Haddad',
  'Larsen',
  'Shrestha',
  'Brown',
  'Martin',
] as const;

export const TITLES = [
  'EHS Manager',
  'Plant Manager',
  'Quality Lead',
  'Safety Officer',
  'Operations Director',
  'Inspector',
] as const;
