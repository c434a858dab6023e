/** The home page's sections under the hero, as their own chunk. */
export const loadHomeSections = () => import('./home-sections');
