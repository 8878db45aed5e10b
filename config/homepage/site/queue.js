// The site's tag before the snippet: the queue the snippet takes over when it loads.
window.varia = window.varia || [];
