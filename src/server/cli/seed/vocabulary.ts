/**
 * Words of a construction and scenery studio, from which the generator composes
 * clients, places, component types, manifests, item names and notes.
 */

/** Clients: venues, festivals, agencies, brands. Combined as `${first} ${second}`. */
export const CLIENT_FIRST = [
  'Harbourside',
  'Northgate',
  'Meridian',
  'Riverside',
  'Old Mill',
  'Kingsway',
  'Silverline',
  'Crescent',
  'Lakeshore',
  'Summit',
  'Beacon',
  'Foundry',
  'Greenwich',
  'Saint Anne’s',
  'Zürich',
  'Bellevue',
  'Ironbridge',
  'Castlefield',
  'Westpoint',
  'Aurora',
];
export const CLIENT_SECOND = [
  'Theatre',
  'Arena',
  'Expo',
  'Opera',
  'Festival',
  'Events',
  'Productions',
  'Museum',
  'Pavilion',
  'Film Studios',
  'Brand Experiences',
  'Conference Centre',
];

export const LOCATIONS: string[] = [
  'North Yard',
  'South Yard',
  'East Yard — covered',
  'Canal Street Yard',
  'Warehouse 1',
  'Warehouse 2 — Bay A',
  'Warehouse 2 — Bay B',
  'Warehouse 3 (mezzanine)',
  'Paint shop',
  'Metal workshop',
  'Carpentry workshop',
  'Fabric store',
  'Loading dock',
  'Container 07',
  'Container 12',
  'Quarantine rack',
  'Site: Riverside Pavilion',
  'Site: Meridian Expo Hall 4',
  'Site: Kingsway Theatre',
  'Site: Old Mill car park',
  'Site: Aurora Festival field',
  'Off-site store — Dunmore',
  'Van 1',
  'Van 2',
  'Returns area',
];

/** Component types: `${base} ${size}`, e.g. "Scaffold tube 3m", "Deck panel 2x1". */
export const COMPONENT_BASES: Array<[base: string, sizes: string[]]> = [
  ['Scaffold tube', ['1m', '2m', '3m', '4m', '6m']],
  ['Deck panel', ['1x1', '2x1', '2x2', '2x0.5']],
  ['Truss section', ['1m', '2m', '3m']],
  ['Flat', ['8x4', '10x4', '12x4']],
  ['Stage leg', ['200mm', '400mm', '600mm', '1m']],
  ['Coupler', ['swivel', 'right-angle', 'sleeve']],
  ['Base plate', ['standard', 'adjustable']],
  ['Ballast weight', ['12.5kg', '25kg']],
  ['Handrail', ['1m', '2m']],
  ['Stair unit', ['3 step', '5 step']],
  ['LED par', ['RGBW', 'warm white']],
  ['Moving head', ['spot', 'wash']],
  ['Cable', ['16A 5m', '16A 10m', '32A 10m', 'DMX 10m']],
  ['Drape', ['3x6m', '6x6m']],
  ['Clamp', ['half', 'G-clamp']],
  ['Brace', ['600mm', '1.2m']],
  ['Plywood sheet', ['18mm', '12mm']],
  ['Wall panel', ['1200x2400', '600x2400']],
  ['Shelving bay', ['1m', '2m']],
  ['Crowd barrier', ['2m', 'gate']],
  ['Speaker', ['top', 'sub']],
  ['Pipe & base', ['2m', '3m', '4m']],
  ['Counterweight', ['10kg', '20kg']],
];

/** Item names by type; the first part is the kind, the rest what it holds or is. */
export const PACKAGE_CONTENTS = [
  'Lighting rig',
  'Cable looms',
  'Stage weights',
  'Truss clamps',
  'Rigging hardware',
  'Soft goods',
  'Sound desk spares',
  'Props — Act 1',
  'Props — Act 2',
  'Costume rail parts',
  'Fixings & brackets',
  'Signage',
  'Carpet tiles',
  'Scenic cloths',
  'Bar equipment',
  'Event furniture',
  'Paint & consumables',
  'Spare lamps',
  'Power distribution',
  'Plinths',
];
export const FABRICS = [
  'Black serge drape',
  'Sharkstooth scrim',
  'Blue velour border',
  'Bobbinet gauze',
  'Wool serge leg',
  'Muslin cyc',
  'Crème satin swag',
  'Molton blackout',
];
export const PIECES = [
  'Staircase unit',
  'Fluted column 3m',
  'Balustrade section',
  'Arch piece',
  'Window frame',
  'Fireplace surround',
  'Bar counter front',
  'Revolving door facade',
  'Plinth 600 cube',
  'Portal header',
];
export const FFE = [
  'Chesterfield sofa',
  'Bar stool (chrome)',
  'Reception desk',
  'Café table, round',
  'Bentwood chair',
  'Standard lamp',
  'Rug 3x2m',
  'Mirror, gilt frame',
  'Display cabinet',
  'Piano (non-working)',
];
export const TOOLS = [
  'Cordless drill kit',
  'Chop saw',
  'Laser level',
  'Impact driver',
  'Ratchet strap set',
  'Genie lift',
  'Pallet truck',
  'Torque wrench',
  'Staple gun',
  'First-aid kit',
];
export const BIN_CONTENTS = [
  'Screws & fixings',
  'Gaffer tape',
  'Cable ties',
  'Shackles',
  'Hinges',
  'Wing nuts',
  'Spare couplers',
  'Velcro',
];

/** What a flat or panel without a component type is part of. */
export const PANEL_USES = [
  'Act 1 wall',
  'Act 2 wall',
  'Entrance arch',
  'Backdrop',
  'Bar front',
  'Booth back wall',
  'Masking',
];

/** Productions that manifests are packed for. */
export const PRODUCTIONS = [
  'Spring gala',
  'Summer season',
  'Winter panto',
  'Product launch',
  'Trade stand',
  'Touring set',
  'Awards night',
  'Opening ceremony',
  'Pop-up bar',
  'Exhibition build',
  'Film set — Ep. 3',
  'Festival main stage',
];

/** Sentences for notes, joined to make short, medium and long ones. */
export const NOTE_SENTENCES = [
  'Check the corners before loading.',
  'Two handles missing on the left side.',
  'Stack no more than three high.',
  'Repainted in March; touch up the edges before the next show.',
  'Keep dry — the ply swells when it gets wet.',
  'Goes with the matching set in the same bay.',
  'Needs two people to lift.',
  'Contents counted and photographed at the last get-out.',
  'Do not open on site without the production manager.',
  'Some scuffs on the front face, fine from the audience.',
  'Borrowed from the paint shop, return after the build.',
  'Weight about 180 kg when full.',
  'Label on the lid is worn; the QR label on the side scans fine.',
  'Strap before moving: the lid does not lock.',
  'Fire-retardant certificate in the office folder.',
  'Wheels replaced last season.',
  'Use the forklift, not the pallet truck.',
  'Contains fragile glassware, pack with foam.',
];
export const SHORT_NOTES = [
  'Fragile',
  'Heavy',
  'Spare',
  'Needs repair',
  'Checked',
  'Do not stack',
  'Return to workshop',
  'Keep upright',
  'Client owned',
  'Hire stock',
];

/** Seeded members: first names and surnames for staff emails. */
export const FIRST_NAMES = ['maya', 'tom', 'aisha', 'jonas', 'lucia', 'ben', 'priya', 'sam'];
export const SURNAMES = ['okafor', 'reid', 'khan', 'weber', 'garcia', 'hughes', 'patel', 'morgan'];
