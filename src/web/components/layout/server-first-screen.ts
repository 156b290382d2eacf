/**
 * The element of a page's HTML that holds the page's top as the build rendered it (src/web/first-screens.tsx,
 * docs/decisions/0042-first-screen-in-the-html.md).
 */
export const FIRST_SCREEN_ID = 'first-screen'

/**
 * The server's copy of the page's top and its language, read when main.tsx starts: before i18next sets
 * `<html lang>` to the reader's language and before the app's first render replaces them. The app's
 * own modules evaluate later, in steps (docs/decisions/0065-light-on-the-cheapest-phone.md).
 */
export const serverFirstScreen =
  typeof document === 'undefined'
    ? undefined
    : {
        html: document.getElementById(FIRST_SCREEN_ID)?.innerHTML,
        language: document.documentElement.lang,
      }
