// The signed-in person's entry in the header of a tab screen (issue 37): the tab shell (src/app) puts
// its avatar button here on the screens of the tab bar, and a header shows whatever it was given
// (ScreenHeader, Home's own header). Elsewhere there is none, so a header shows nothing extra.
import { createContext, useContext, type ReactNode } from 'react';

export const HeaderAccountContext = createContext<ReactNode>(null);

/** The account entry the shell gave this screen's header, or nothing. */
export function HeaderAccount() {
  return <>{useContext(HeaderAccountContext)}</>;
}
