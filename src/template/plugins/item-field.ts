// How the reference's comment-link reads an item's fields: the formatted value's own member
// when it has one (null included), else the name looked up in scope from the tag's variable
// outward, so `{.section item}{x|comment-link}` links `item`. (item-classes reads the scope only.)
import { isRecord } from '../values.ts';
import type { PluginEnv } from './types.ts';

export function itemField(item: unknown, key: string, env: PluginEnv): unknown {
  return isRecord(item) && Object.hasOwn(item, key) ? item[key] : env.resolve(key);
}
