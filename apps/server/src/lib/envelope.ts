/** The success envelope every route returns: `{ _success: true, _data }`. */
export function ok<T>(data: T) {
  return { _success: true as const, _data: data };
}
