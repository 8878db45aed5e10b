/**
 * The banner's style sheet (adopted: allowed under a strict CSP, removed on hide). The carousel's
 * heading keeps to the 1416 px content width (WID-13); the cards start where the content starts and
 * run to the right edge of the page, so they stay at least 456 px wide on desktop at every
 * slides-per-view of WID-95 (WID-96).
 * Dimmed cards are at 0.65 opacity (WID-97).
 *
 * The first lines are the slider's own layout rules (Swiper 6's core and pagination), so its
 * bundled style sheet need not be loaded: that sheet embeds its icon font as a `data:` URL, which a
 * strict Content-Security-Policy refuses with a console error on every page.
 */
export const STYLES = `.vbn .swiper-container{position:relative;z-index:1;overflow:hidden;margin:0 auto;list-style:none}
.vbn .swiper-wrapper{position:relative;z-index:1;display:flex;width:100%;height:100%;box-sizing:content-box;transition-property:transform;transform:translate3d(0,0,0)}
.vbn .swiper-container-free-mode>.swiper-wrapper{transition-timing-function:ease-out;margin:0 auto}
.vbn .swiper-slide{position:relative;flex-shrink:0;width:100%;transition-property:transform,opacity}
.vbn .swiper-pagination-bullet{display:inline-block;border-radius:50%;cursor:pointer}
.vbn .swiper-pagination-lock,.vbn .swiper-button-lock{display:none}
.vbn .swiper-button-disabled{opacity:.35;cursor:auto}
.vbn .swiper-notification{position:absolute;left:0;top:0;z-index:-1000;opacity:0;pointer-events:none}
.vbn{--vbn-bg:#04241a;--vbn-card:#0a3527;--vbn-line:#1d5a43;--vbn-accent:#3ee389;--vbn-soft:#b9cfc5;padding:88px 0 72px;background:var(--vbn-bg);color:#fff;overflow:hidden}
.vbn *{box-sizing:border-box}
.vbn-head{max-width:1416px;margin:0 auto 40px;padding:0 24px;display:flex;justify-content:space-between;align-items:flex-end;gap:32px}
.vbn-heading{margin:0;font-size:clamp(28px,1.4vw + 18px,44px);line-height:1.12;letter-spacing:-.02em;color:#fff}
.vbn-title2{display:block;color:var(--vbn-accent)}
.vbn-lead{margin:14px 0 0;max-width:640px;color:var(--vbn-soft);font-size:18px;line-height:1.6}
.vbn-controls{display:flex;gap:12px;flex:none}
.vbn-controls button{width:48px;height:48px;margin:0;padding:0;border:1px solid rgba(255,255,255,.28);border-radius:50%;background:none;color:#fff;font:inherit;font-size:20px;line-height:1;cursor:pointer;transition:background-color .15s,border-color .15s}
.vbn-controls button:hover{background:rgba(255,255,255,.08);border-color:var(--vbn-accent)}
.vbn .vbn-swiper{margin:0 0 0 max(24px,calc((100% - 1368px) / 2));padding-right:24px}
.vbn .vbn-slide{height:auto;transition:transform 0s,opacity .3s ease}
.vbn .vbn-dim{opacity:.65}
.vbn-card{display:flex;flex-direction:column;height:100%;overflow:hidden;border:1px solid var(--vbn-line);border-radius:20px;background:var(--vbn-card);color:#fff;text-decoration:none;transition:border-color .2s,transform .2s}
.vbn-card:hover{border-color:var(--vbn-accent);transform:translateY(-3px)}
.vbn-card:focus-visible,.vbn-controls button:focus-visible{outline:2px solid var(--vbn-accent);outline-offset:3px}
.vbn-media{position:relative;display:block;aspect-ratio:16/9;max-height:260px;background:#124634}
.vbn-media img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;-webkit-user-drag:none}
.vbn-play{position:absolute;left:18px;bottom:18px;display:grid;place-items:center;width:44px;height:44px;border-radius:50%;background:var(--vbn-accent);color:var(--vbn-bg);font-size:15px}
.vbn-body{flex:1;display:flex;flex-direction:column;gap:10px;padding:24px 26px 28px}
.vbn-meta{display:flex;flex-wrap:wrap;gap:6px 14px;font-size:13px;line-height:1.4}
.vbn-eyebrow{font-weight:700;letter-spacing:.1em;text-transform:uppercase;color:var(--vbn-accent)}
.vbn-date{color:var(--vbn-soft);font-weight:600}
.vbn-title{font-size:22px;font-weight:700;line-height:1.25;letter-spacing:-.01em}
.vbn-desc{color:var(--vbn-soft);font-size:16px;line-height:1.55}
.vbn-cta{margin-top:auto;padding-top:10px;font-weight:700;color:var(--vbn-accent)}
.vbn-cta::after{content:"\\2192";display:inline-block;margin-left:6px}
.vbn .vbn-dots{position:static;display:flex;justify-content:center;gap:6px;margin-top:36px}
.vbn .swiper-pagination-bullet{width:10px;height:10px;margin:0;background:#fff;opacity:.35;transition:width .2s,opacity .2s}
.vbn .swiper-pagination-bullet-active{width:28px;border-radius:5px;background:var(--vbn-accent);opacity:1}
.vbn-full-height img{height:100%;object-fit:cover}
.vbn-nv-image{max-width:280px;border-radius:12px}
@media (max-width:767px){.vbn{padding:60px 0 52px}.vbn-head{padding:0 16px;margin-bottom:28px}.vbn .vbn-swiper{margin-left:16px;padding-right:16px}.vbn-controls{display:none}.vbn-lead{font-size:16px}.vbn-body{padding:18px 18px 22px}.vbn-title{font-size:19px}.vbn-desc{font-size:15px}}
`;
