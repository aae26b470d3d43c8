// The standalone browser bundle (`<script>` → window.JiffyWidgets): the vanilla entry points
// and the API client to page through GIFs with.
export { renderCarousel, renderGif, renderGrid, renderVideo } from './render.tsx';
export { JiffyFetch } from '@jiffy/fetch-api';
