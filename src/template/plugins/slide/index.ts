// The slide plugin family: predicates over slice types (docs/behaviour/templates.md#enumerations).
import { walk } from '../../values.ts';
import type { PluginFamily } from '../types.ts';

export const SLICE_TYPES: Readonly<Record<string, number>> = {
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

export const slidePlugins: PluginFamily = {
  name: 'slide',
  formatters: {},
  predicates: {
    'current-type?': (node, args) => {
      const code = SLICE_TYPES[args[0] ?? ''];
      return code !== undefined && walk(node, ['currentType']) === code;
    },
  },
};
