// The lightbox: a picture at its own size, as Discord opens one.

import { $, t } from "./base.js";

export function openLightbox(url, alt) {
  const image = $("lightbox-image");
  image.src = url;
  image.alt = alt;
  $("lightbox-original").href = url;
  setLightboxFit(false);
  $("lightbox").showModal();
}

/** Fit: the whole picture in the window; else its own size (narrowed to the window's width only). */
function setLightboxFit(fit) {
  $("lightbox").classList.toggle("fit", fit);
  $("lightbox-image").title = t(fit ? "zoomIn" : "zoomOut");
}

export function listenLightbox() {
  const lightbox = $("lightbox");
  // Esc closes a modal dialog by itself; a click beside the picture closes it too.
  lightbox.addEventListener("click", (event) => {
    if (event.target === lightbox || event.target.classList.contains("lightbox-stage")) lightbox.close();
  });
  $("lightbox-close").addEventListener("click", () => lightbox.close());
  $("lightbox-image").addEventListener("click", () => setLightboxFit(!lightbox.classList.contains("fit")));
  lightbox.addEventListener("close", () => {
    $("lightbox-image").removeAttribute("src");
  });
}
