import { BASE_LAYERS, type BaseLayer, DEFAULT_BASE_LAYER } from '@rope/domain/hierarchy/maps';

/** Names, places and coordinates of the demo data. Operators are invented; places and coordinates are real. */

export interface MandatorSpec {
  name: string;
  country: string;
  domain: string;
}

export const MANDATORS: MandatorSpec[] = [
  { name: 'Alpina Bergbahnen AG', country: 'CH', domain: 'alpina-bergbahnen.example' },
  { name: 'Tirol Arlberg Seilbahnen GmbH', country: 'AT', domain: 'tirol-seilbahnen.example' },
  { name: 'Remontées Mont-Blanc Cervino SA', country: 'FR', domain: 'remontees-mbc.example' },
];

export interface AreaSpec {
  name: string;
  mandator: number;
  lat: number;
  lng: number;
  country: 'CH' | 'AT' | 'FR' | 'IT';
  timezone: string;
  zoom: number;
}

const area = (
  name: string,
  mandator: number,
  lat: number,
  lng: number,
  country: AreaSpec['country'],
  timezone: string,
  zoom: number,
): AreaSpec => ({ name, mandator, lat, lng, country, timezone, zoom });

export const AREAS: AreaSpec[] = [
  area('Zermatt', 0, 46.0207, 7.7491, 'CH', 'Europe/Zurich', 13),
  area('Verbier', 0, 46.0961, 7.2286, 'CH', 'Europe/Zurich', 13.5),
  area('Engelberg-Titlis', 0, 46.8191, 8.4044, 'CH', 'Europe/Zurich', 13),
  area('Davos Klosters', 0, 46.8027, 9.836, 'CH', 'Europe/Zurich', 13),
  area('Ischgl', 1, 47.0127, 10.2915, 'AT', 'Europe/Vienna', 13.5),
  area('St. Anton am Arlberg', 1, 47.1287, 10.2636, 'AT', 'Europe/Vienna', 14),
  area('Chamonix', 2, 45.9237, 6.8694, 'FR', 'Europe/Paris', 13),
  area('Breuil-Cervinia', 2, 45.9336, 7.6296, 'IT', 'Europe/Rome', 14),
];

/** Swiss areas offer every layer, the swisstopo maps included; elsewhere those maps show nothing. */
export const CH_LAYERS: BaseLayer[] = [...BASE_LAYERS];
export const OTHER_LAYERS: BaseLayer[] = [DEFAULT_BASE_LAYER, 'esriImagery'];

export type InstallationKind = 'chairlift' | 'gondola' | 'funicular' | 'aerialTramway' | 'bridge' | 'stadium' | 'mast';

export interface InstallationSpec {
  area: number;
  name: string;
  kind: InstallationKind;
  /** Builder id of INSTALLATION_MANUFACTURERS. */
  maker: string;
  year: number;
  /** Slope length, m (span for buildings). */
  length: number;
  /** Bottom -> top station, or what the structure spans. */
  location: string;
  /** Compass bearing of the line, degrees. */
  bearing: number;
  /** Aerial tramways with two track ropes per track. */
  doubleTrack?: boolean;
}

const inst = (
  area: number,
  name: string,
  kind: InstallationKind,
  maker: string,
  year: number,
  length: number,
  bearing: number,
  location: string,
  doubleTrack = false,
): InstallationSpec => ({ area, name, kind, maker, year, length, bearing, location, doubleTrack });

export const INSTALLATIONS: InstallationSpec[] = [
  inst(0, 'Sunnegga Express', 'funicular', 'vonroll', 2002, 1562, 95, 'Zermatt – Sunnegga'),
  inst(0, 'Matterhorn Express', 'gondola', 'doppelmayr', 2002, 3480, 230, 'Zermatt – Furi – Schwarzsee'),
  inst(0, 'Hirli', 'chairlift', 'garaventa', 2010, 1280, 250, 'Schwarzsee – Hirli'),
  inst(0, 'Klein Matterhorn', 'aerialTramway', 'vonroll', 1979, 3920, 190, 'Trockener Steg – Klein Matterhorn', true),
  inst(1, 'Médran – Ruinettes', 'gondola', 'leitner', 2007, 2450, 120, 'Verbier Médran – Les Ruinettes'),
  inst(1, 'Attelas', 'chairlift', 'bartholet', 2014, 1410, 105, 'Les Ruinettes – Attelas'),
  inst(1, 'Mont-Fort', 'aerialTramway', 'garaventa', 1986, 1680, 140, 'Col des Gentianes – Mont-Fort'),
  inst(2, 'Titlis Rotair', 'aerialTramway', 'garaventa', 2015, 3450, 175, 'Stand – Klein Titlis', true),
  inst(2, 'Titlis Xpress', 'gondola', 'garaventa', 2015, 3960, 200, 'Engelberg – Trübsee – Stand'),
  inst(2, 'Ice Flyer', 'chairlift', 'garaventa', 2005, 640, 160, 'Stand – Titlis Glacier'),
  inst(3, 'Parsennbahn', 'funicular', 'garaventa', 2002, 2170, 300, 'Davos Dorf – Höhenweg'),
  inst(3, 'Jakobshornbahn', 'aerialTramway', 'vonroll', 1968, 1950, 160, 'Ischalp – Jakobshorn'),
  inst(3, 'Rinerhorn', 'gondola', 'doppelmayr', 2011, 2260, 140, 'Glaris – Jatzmeder'),
  inst(3, 'Landwasser Footbridge', 'bridge', 'other', 2016, 182, 75, 'Landwasser gorge, Wiesen'),
  inst(3, 'Ice Stadium Roof', 'stadium', 'other', 2019, 96, 30, 'Davos Platz'),
  inst(3, 'Weissfluhjoch Radio Mast', 'mast', 'other', 1998, 48, 0, 'Weissfluhjoch summit'),
  inst(4, 'Silvrettabahn', 'gondola', 'doppelmayr', 2014, 3910, 170, 'Ischgl – Idalp'),
  inst(4, 'Piz Val Gronda', 'aerialTramway', 'doppelmayr', 2012, 1820, 230, 'Idalp – Piz Val Gronda'),
  inst(4, 'Palinkopfbahn', 'chairlift', 'doppelmayr', 2016, 2000, 200, 'Gampenalp – Palinkopf'),
  inst(5, 'Galzigbahn', 'gondola', 'doppelmayr', 2006, 2270, 335, 'St. Anton – Galzig'),
  inst(5, 'Kapallbahn', 'chairlift', 'doppelmayr', 2012, 1340, 345, 'Gampen – Kapall'),
  inst(6, 'Aiguille du Midi', 'aerialTramway', 'poma', 1991, 2870, 160, 'Plan de l’Aiguille – Aiguille du Midi'),
  inst(6, 'Flégère', 'gondola', 'poma', 2021, 1990, 320, 'Les Praz – La Flégère'),
  inst(7, 'Cretaz', 'chairlift', 'leitner', 2008, 1150, 80, 'Breuil – Cretaz'),
  inst(7, 'Plan Maison', 'gondola', 'leitner', 2013, 2040, 60, 'Breuil-Cervinia – Plan Maison'),
];

/** Fixed sites of the building structures (the ropeways start near their area's centre). */
export const SITES: Record<string, [number, number]> = {
  'Landwasser Footbridge': [46.7036, 9.7152],
  'Ice Stadium Roof': [46.7958, 9.8205],
  'Weissfluhjoch Radio Mast': [46.8334, 9.8063],
};

export const ROPE_MANUFACTURERS = ['Fatzer', 'Teufelberger-Redaelli', 'Casar', 'Arcelor Mittal Bissen', 'Pfeifer'];

/** Inspectors and staff who report events; MRT service companies add their own names. */
export const INSPECTORS = [
  'Peter Imboden',
  'Stefan Gasser',
  'Lukas Pfister',
  'Jean-Marc Favre',
  'Hannes Zangerl',
  'Michel Ravanel',
  'Matteo Barmasse',
  'Corinne Aufdenblatten',
];
export const MRT_INSPECTORS = ['Urs Hofstetter (MRT)', 'Daniel Egger (MRT)', 'Sophie Morand (MRT)'];

export interface PersonSpec {
  firstname: string;
  lastname: string;
  function: string;
  role: 'ROLE_USER' | 'ROLE_CLIENT_ADMIN';
}

/** Additional staff per mandator, beyond the fixed demo accounts. */
export const STAFF: PersonSpec[][] = [
  [
    { firstname: 'Reto', lastname: 'Zurbriggen', function: 'ropewayTechnicalManager', role: 'ROLE_USER' },
    { firstname: 'Nadia', lastname: 'Perren', function: 'ropewayMechatronic', role: 'ROLE_USER' },
    { firstname: 'Beat', lastname: 'Schmid', function: 'ropewayMechanic', role: 'ROLE_USER' },
  ],
  [
    { firstname: 'Andreas', lastname: 'Zangerl', function: 'operationsManager', role: 'ROLE_CLIENT_ADMIN' },
    { firstname: 'Julia', lastname: 'Walser', function: 'ropewayTechnicalManager', role: 'ROLE_USER' },
    { firstname: 'Martin', lastname: 'Kathrein', function: 'ropewayMechanic', role: 'ROLE_USER' },
  ],
  [
    { firstname: 'Camille', lastname: 'Devouassoux', function: 'director', role: 'ROLE_CLIENT_ADMIN' },
    { firstname: 'Julien', lastname: 'Ducroz', function: 'ropewayTechnicalManager', role: 'ROLE_USER' },
    { firstname: 'Giulia', lastname: 'Pession', function: 'ropewayOperator', role: 'ROLE_USER' },
  ],
];
