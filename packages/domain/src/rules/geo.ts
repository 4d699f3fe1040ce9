/**
 * Places (design §7b geofenced sign-in, §10 geofenced scan codes): pure distances, no I/O. The
 * offline check-in and the scan codes compare a reader's position with a place and its radius.
 */

export interface Position {
  lng: number;
  lat: number;
}

/** Great-circle distance in metres. */
export function distanceMetres(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Whether a position lies outside a place's radius (no position counts as outside). */
export const outsideFence = (position: Position | null | undefined, place: Position, radiusMetres: number): boolean =>
  !position || distanceMetres(position, place) > radiusMetres;
