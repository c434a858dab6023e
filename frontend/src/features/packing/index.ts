export { SubstitutionPreference } from './components/substitution-preference';
export { PackOrder } from './components/pack-order';
export { PackingChanges, packedNote } from './components/packing-changes';
