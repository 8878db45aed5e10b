/**
 * The section's style sheet (adopted, so a strict CSP allows it; removed on hide). Constants of
 * homepage-spec §9: content width 1416 px (WID-13), side tabs 216 px wide (WID-54), tabs become a
 * dropdown below 1080 px (WID-43), left panel fade 50 ms (WID-40), right panel fade 20 ms (WID-41).
 * Colours follow the site's own palette; custom properties let a site restyle it.
 */
export const STYLES = `.vucs{--vucs-ink:#0d1f19;--vucs-muted:#56695f;--vucs-leaf:#00c96b;--vucs-forest:#04241a;--vucs-line:#dbe5e0;--vucs-bg:#f4f7f3;padding:96px 24px;background:var(--vucs-bg);color:var(--vucs-ink)}
.vucs *{box-sizing:border-box}
.vucs-inner{max-width:1416px;margin:0 auto}
.vucs-head{max-width:780px;margin:0 auto 56px;text-align:center}
.vucs-head h2{margin:0;font-size:clamp(30px,1.6vw + 20px,46px);line-height:1.12;letter-spacing:-.02em}
.vucs-sub{margin:18px 0 0;color:var(--vucs-muted);font-size:18px;line-height:1.6}
.vucs-learn{color:var(--vucs-forest);font-weight:600;text-decoration:none;border-bottom:2px solid var(--vucs-leaf);white-space:nowrap}
.vucs-learn:hover{border-bottom-color:var(--vucs-forest)}
.vucs-body{display:flex;gap:32px;align-items:stretch}
.vucs-tabs{flex:0 0 216px;width:216px;display:flex;flex-direction:column;gap:6px;padding:8px 0}
.vucs-tab{appearance:none;margin:0;border:0;border-left:3px solid var(--vucs-line);border-radius:0 10px 10px 0;background:none;padding:14px 18px;text-align:left;font:inherit;font-size:16px;font-weight:600;line-height:1.3;color:var(--vucs-muted);cursor:pointer;transition:background-color .15s,color .15s,border-color .15s}
.vucs-tab:hover{color:var(--vucs-ink);background:#fff}
.vucs-tab[aria-selected=true]{color:var(--vucs-forest);border-left-color:var(--vucs-leaf);background:#fff;box-shadow:0 1px 3px rgba(4,36,26,.08)}
.vucs-tab:focus-visible,.vucs-select select:focus-visible,.vucs a:focus-visible{outline:2px solid var(--vucs-leaf);outline-offset:2px}
.vucs-select{display:none;position:relative}
.vucs-select select{appearance:none;width:100%;margin:0;padding:14px 48px 14px 18px;border:1px solid var(--vucs-line);border-radius:12px;background:#fff;font:inherit;font-size:17px;font-weight:600;color:var(--vucs-forest);cursor:pointer}
.vucs-select::after{content:"";position:absolute;right:20px;top:50%;width:9px;height:9px;margin-top:-7px;border:solid var(--vucs-forest);border-width:0 2px 2px 0;transform:rotate(45deg);pointer-events:none}
.vucs-panel{flex:1;min-width:0;display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.3fr);gap:48px;align-items:center;padding:48px;background:#fff;border:1px solid var(--vucs-line);border-radius:24px;box-shadow:0 30px 60px -30px rgba(4,36,26,.22)}
.vucs-left h3{margin:0;font-size:clamp(24px,.8vw + 18px,32px);line-height:1.2;letter-spacing:-.015em}
.vucs-left p{margin:16px 0 32px;color:var(--vucs-muted);font-size:17px;line-height:1.65}
.vucs-actions{display:flex;flex-wrap:wrap;align-items:center;gap:16px 28px}
.vucs-cta{display:inline-flex;align-items:center;padding:13px 24px;border-radius:999px;background:var(--vucs-leaf);color:var(--vucs-forest);font-weight:700;text-decoration:none;transition:background-color .15s}
.vucs-cta:hover{background:#3ee389}
.vucs-more{color:var(--vucs-forest);font-weight:600;text-decoration:none}
.vucs-more::after{content:"\\2192";display:inline-block;margin-left:6px;transition:transform .15s}
.vucs-more:hover::after{transform:translateX(3px)}
.vucs-right{position:relative;aspect-ratio:4/3;overflow:hidden;border-radius:18px;background:#04241a}
.vucs-right>*{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.vucs-fade-left{animation:vucs-fade 50ms ease-out}
.vucs-fade-right{animation:vucs-fade 20ms ease-out}
@keyframes vucs-fade{from{opacity:0}to{opacity:1}}
@media (max-width:1079px){.vucs-tabs{display:none}.vucs-select{display:block}.vucs-body{flex-direction:column;gap:20px}.vucs-panel{grid-template-columns:minmax(0,1fr) minmax(0,1.1fr);gap:32px;padding:32px}.vucs-head{margin-bottom:40px}}
@media (max-width:860px){.vucs-panel{grid-template-columns:minmax(0,1fr)}}
@media (max-width:767px){.vucs{padding:64px 16px}.vucs-head{text-align:left}.vucs-sub{font-size:17px}.vucs-panel{padding:22px;gap:24px;border-radius:18px}.vucs-left p{margin-bottom:24px}.vucs-right{border-radius:12px}}
`;
