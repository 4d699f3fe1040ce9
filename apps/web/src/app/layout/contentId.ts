/** Id of the scrolling content area (scrolled to the top after each navigation). */
export const CONTENT_ID = 'app-content';
