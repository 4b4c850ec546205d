// Marks the current page in the navigation.
document.querySelectorAll("a[href]").forEach((a) => {
  if (a.pathname === location.pathname) a.setAttribute("aria-current", "page");
});
//# sourceMappingURL=site.js.map
