/**
 * The hero's style sheet. Colours fall back to the site's brand variables when the page defines
 * them. Breakpoints (WID-11): 950 px (word box width), 768 px (mobile layout), 1280 px (the
 * data-type panel beside the title from there up), 1440 px content width (WID-13).
 */
export const HERO_CSS = `
.vw-hero,.vw-hero *{box-sizing:border-box}
.vw-hero{position:relative;overflow:hidden;background:radial-gradient(1100px 520px at 80% -20%,rgba(0,201,107,.25),transparent 60%),linear-gradient(180deg,var(--forest,#04241a),#062c20);color:#fff;padding:5.5rem 1.5rem 3.5rem;font-family:var(--font,inherit)}
.vw-hero-inner{max-width:1440px;margin:0 auto;position:relative}
.vw-rows{position:absolute;inset:auto 0 0;display:grid;gap:.9rem;padding-bottom:1.25rem;pointer-events:none;opacity:.03;font-size:clamp(1.6rem,1.3rem + 1.4vw,2.6rem);font-weight:800;letter-spacing:-.03em;white-space:nowrap;overflow:hidden;-webkit-mask-image:linear-gradient(90deg,transparent,#000 25%,#000 75%,transparent);mask-image:linear-gradient(90deg,transparent,#000 25%,#000 75%,transparent)}
.vw-rows div{width:max-content;animation:vw-scroll 100s linear infinite}
.vw-rows div:nth-child(2){animation-direction:reverse}
.vw-rows div:nth-child(3){animation-delay:-40s}
@keyframes vw-scroll{to{transform:translateX(-50%)}}
@media (prefers-reduced-motion:reduce){.vw-rows div{animation:none}}
.vw-hero-main{display:grid;grid-template-columns:minmax(0,1.35fr) minmax(0,.65fr);gap:3.5rem;align-items:center}
.vw-hero-visual{background:rgba(255,255,255,.04);border:1px solid rgba(255,255,255,.12);border-radius:18px;padding:1.5rem;box-shadow:0 30px 80px rgba(0,0,0,.35)}
.vw-hero-visual p{margin:0 0 1rem;font-size:.78rem;text-transform:uppercase;letter-spacing:.12em;color:rgba(255,255,255,.55);font-weight:700}
.vw-chips{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.6rem}
.vw-chips li{padding:.85rem .7rem;border-radius:12px;background:rgba(255,255,255,.05);border:1px solid rgba(255,255,255,.08);font-size:.82rem;line-height:1.3;font-weight:600;color:rgba(255,255,255,.72);transition:background .3s,color .3s,border-color .3s}
.vw-chips li::before{content:"";display:block;width:8px;height:8px;border-radius:50%;background:rgba(255,255,255,.25);margin-bottom:.6rem;transition:background .3s}
.vw-chips li.vw-on{background:rgba(0,201,107,.16);border-color:rgba(62,227,137,.55);color:#fff}
.vw-chips li.vw-on::before{background:var(--leaf-bright,#3ee389);box-shadow:0 0 0 4px rgba(62,227,137,.2)}
@media (max-width:1279px){.vw-hero-main{display:block}.vw-hero-visual{display:none}}
.vw-hero-eyebrow{display:inline-block;padding:.3rem .9rem;border:1px solid rgba(62,227,137,.45);border-radius:999px;color:var(--leaf-bright,#3ee389);font-weight:650;font-size:.85rem;margin:0 0 1.5rem}
.vw-hero-title{font-size:clamp(2.3rem,1.2rem + 3.4vw,4.3rem);font-weight:800;letter-spacing:-.035em;line-height:1.06;margin:0;max-width:62rem}
.vw-hero-title.vw-small .vw-words{font-size:.72em}
.vw-words{display:inline-block;vertical-align:bottom;white-space:nowrap;color:var(--leaf-bright,#3ee389)}
.vw-word{display:inline-block;transition:opacity .3s ease}
.vw-word.vw-out{opacity:0}
@media (min-width:951px){.vw-words{width:400px}.vw-words.vw-smooth{transition:width .3s ease}}
.vw-hero-desc{font-size:1.2rem;color:rgba(255,255,255,.78);margin:1.5rem 0 2.2rem;max-width:38rem}
.vw-hero-ctas{display:flex;gap:.9rem;flex-wrap:wrap}
.vw-btn{display:inline-flex;align-items:center;gap:.4rem;padding:.85rem 1.4rem;border-radius:999px;font-weight:650;text-decoration:none;border:1.5px solid transparent;white-space:nowrap}
.vw-btn-primary{background:var(--leaf,#00c96b);color:var(--forest,#04241a)}
.vw-btn-primary:hover{background:var(--leaf-bright,#3ee389)}
.vw-btn-ghost{color:#fff;border-color:rgba(255,255,255,.35)}
.vw-btn-ghost:hover{border-color:var(--leaf-bright,#3ee389)}
.vw-hero-blocks{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem;margin-top:3.5rem}
.vw-hero-block{display:grid;gap:.3rem;padding:1.1rem 1.2rem;border:1px solid rgba(255,255,255,.14);border-radius:12px;text-decoration:none;color:#fff;background:rgba(255,255,255,.04)}
.vw-hero-block:hover{border-color:var(--leaf-bright,#3ee389)}
.vw-hero-block b{font-size:.75rem;text-transform:uppercase;letter-spacing:.1em;color:var(--leaf-bright,#3ee389)}
.vw-counters{list-style:none;margin:3.5rem 0 0;padding:1.75rem 0 0;border-top:1px solid rgba(255,255,255,.12);display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:1.5rem}
.vw-counters li{display:grid;gap:.2rem;color:rgba(255,255,255,.7);font-size:.95rem}
.vw-counters strong{font-size:clamp(1.6rem,1.2rem + 1.2vw,2.3rem);font-weight:800;color:#fff;letter-spacing:-.02em}
@media (max-width:767px){.vw-hero{padding:3.5rem 1.25rem 2.5rem}.vw-counters{grid-template-columns:repeat(2,minmax(0,1fr))}.vw-hero-desc{font-size:1.05rem}.vw-btn{flex:1 1 auto;justify-content:center}}
`;
