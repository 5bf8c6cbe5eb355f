import { shownHomeSnapshot, SNAPSHOT_ELEMENT_ID } from '../../app/boot/home-snapshot.ts';
import { FullPageSpinner } from './spinner.tsx';

/**
 * What the first load shows while the app starts: Home as the person last saw it when the first
 * script showed that picture (the same markup, so nothing moves), a spinner otherwise.
 */
export function FirstLoadPlaceholder() {
  const html = shownHomeSnapshot();
  if (html === null) return <FullPageSpinner />;
  return <div id={SNAPSHOT_ELEMENT_ID} inert aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />;
}
