import CopyButton from '../catalog/CopyButton.astro';
import CopyButtonScript from '../catalog/CopyButtonScript.astro';
import ChangelogMeta from './ChangelogMeta.astro';
import JsonLd from './JsonLd.astro';
import RequestSample from './RequestSample.astro';
import BrowserForm from '../catalog/BrowserForm.astro';
import BrowserNotice from '../catalog/BrowserNotice.astro';
import BiomarkerBrowser from '../catalog/BiomarkerBrowser.astro';
import CategoryIcon from '../catalog/CategoryIcon.astro';
import CategoryMarkers from '../catalog/CategoryMarkers.astro';
import TemplateMark from '../catalog/TemplateMark.astro';
import TryIt from '../api-reference/TryIt.astro';

/** An Astro component, whatever its properties. */
type PartComponent = (props: any) => unknown;

/**
 * The components an outline's `pagePart` nodes name: what only the page shows. Each is built by a typed helper beside
 * the outline that uses it, so a name and its properties are checked there.
 */
export const PAGE_PARTS: Readonly<Record<string, PartComponent | undefined>> = {
  ChangelogMeta,
  CopyButton,
  CopyButtonScript,
  JsonLd,
  RequestSample,
  BrowserForm,
  BrowserNotice,
  BiomarkerBrowser,
  CategoryIcon,
  CategoryMarkers,
  TemplateMark,
  TryIt,
};
