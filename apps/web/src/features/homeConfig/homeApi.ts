/** The paths and query keys of the home settings (issue 25), shared by the pages and their dialogs. */
export interface Album {
  id: number;
  name: string;
  cover: string;
  is_pause: number;
}
export interface AlbumsList {
  source: 'activityGroups' | 'digitalGroups' | null;
  chosen: Album[];
  candidates: Album[];
}
export const albumsPath = (org: string, id: number) => `/v1/${org}/indexConfig/${id}/albums_list`;
export const sortAlbumsPath = (org: string, id: number) => `/v1/${org}/indexConfig/${id}/sort_albums`;
export const albumsKey = (org: string, id: number) => ['homeAlbums', org, id];
export const rulesPath = (org: string) => `/v1/${org}/rule`;
export const rulesKey = (org: string) => ['orgRules', org];
