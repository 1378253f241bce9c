// The `unit` formatter: conversions, sequences and CLDR unit patterns live with the
// noimpl family's conversion tables (../noimpl/unit.ts).
export { formatUnit } from '../noimpl/unit.ts';
