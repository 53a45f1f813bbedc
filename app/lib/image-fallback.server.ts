/**
 * One listener, in the document head, that swaps a failed image for its `data-fallback` (game
 * covers: the neutral card). It is registered before the first `<img>` is parsed, so it also
 * catches covers that fail before hydration or without it, and costs no hook per tile. Error
 * events do not bubble, so it listens in the capture phase.
 */
export const IMAGE_FALLBACK_SCRIPT =
  'document.addEventListener("error",function(e){var i=e.target,f=i&&i.tagName==="IMG"&&i.getAttribute("data-fallback");' +
  'if(f&&i.getAttribute("src")!==f){i.removeAttribute("srcset");i.removeAttribute("sizes");i.src=f}},true)';
