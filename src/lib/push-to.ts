/** Append to a list in a map (spreading a copy per item is quadratic in 1,000-order calls). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
