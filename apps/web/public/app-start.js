const code = JSON.parse(document.getElementById('app-code').textContent);
const start = () => {
  for (const href of code.chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  import(code.entry);
};
const later = () => requestAnimationFrame(() => setTimeout(start));
if (document.readyState === 'complete') later();
else addEventListener('load', later, { once: true });
