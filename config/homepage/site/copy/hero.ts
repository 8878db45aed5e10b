/**
 * The hero's copy per locale, apart from the rest of the page's copy: the homepage project's hero widget
 * configurations take it (layers/), and a snippet then carries the heroes' text only, not the whole page's;
 * the in-language heroes' text only on their locale's page, as its page part (./page-parts/).
 */
import type { HeroCopy } from './types';

export const HERO_EN: HeroCopy = {
  eyebrow: 'The developer data platform',
  title1: 'Build faster.',
  title2: 'Scale smarter.',
  description:
    'Atlas brings documents, search, vectors and streams together in one managed database, so your team ships features instead of plumbing.',
  cta: 'Get started free',
  secondaryCta: 'Take the product tour',
  blocks: [
    { title: 'Customer story', description: 'How a fintech cut query latency by 80%', link: '/customers/fintech-latency' },
    { title: 'Webinar', description: 'Modernise a legacy app in 30 days', link: '/events/modernise-webinar' },
    { title: 'Guide', description: 'Schema design patterns for developers', link: '/docs/' },
    { title: 'Report', description: 'The state of developer data, 2026', link: '/why-use-mongodb' },
  ],
};

export const HERO_PT_BR: HeroCopy = {
  eyebrow: 'A plataforma de dados para desenvolvedores',
  title1: 'Crie mais rápido.',
  title2: 'Escale melhor.',
  description: 'O Atlas reúne documentos, busca, vetores e streams em um único banco de dados gerenciado, para sua equipe entregar funcionalidades em vez de infraestrutura.',
  cta: 'Comece grátis',
  secondaryCta: 'Faça o tour do produto',
  blocks: [
    { title: 'Caso de cliente', description: 'Como uma fintech reduziu a latência em 80%', link: '/customers/fintech-latency' },
    { title: 'Webinar', description: 'Modernize um app legado em 30 dias', link: '/events/modernise-webinar' },
    { title: 'Guia', description: 'Padrões de modelagem para desenvolvedores', link: '/docs/' },
    { title: 'Relatório', description: 'O estado dos dados para desenvolvedores, 2026', link: '/why-use-mongodb' },
  ],
};

export const HERO_DE_DE: HeroCopy = {
  eyebrow: 'Die Datenplattform für Entwickler',
  title1: 'Schneller entwickeln.',
  title2: 'Klüger skalieren.',
  description: 'Atlas vereint Dokumente, Suche, Vektoren und Streams in einer verwalteten Datenbank, damit Ihr Team Funktionen liefert statt Infrastruktur.',
  cta: 'Kostenlos starten',
  secondaryCta: 'Produkttour ansehen',
  blocks: [
    { title: 'Kundenstory', description: 'Wie ein Fintech die Latenz um 80 % senkte', link: '/customers/fintech-latency' },
    { title: 'Webinar', description: 'Eine Altanwendung in 30 Tagen modernisieren', link: '/events/modernise-webinar' },
    { title: 'Leitfaden', description: 'Schema-Entwurfsmuster für Entwickler', link: '/docs/' },
    { title: 'Bericht', description: 'Entwicklerdaten im Jahr 2026', link: '/why-use-mongodb' },
  ],
};

export const HERO_ES: HeroCopy = {
  eyebrow: 'La plataforma de datos para desarrolladores',
  title1: 'Construye más rápido.',
  title2: 'Escala mejor.',
  description: 'Atlas une documentos, búsqueda, vectores y streams en una sola base de datos gestionada, para que tu equipo entregue funciones y no infraestructura.',
  cta: 'Empieza gratis',
  secondaryCta: 'Haz el recorrido del producto',
  blocks: [
    { title: 'Caso de éxito', description: 'Cómo una fintech redujo la latencia un 80 %', link: '/customers/fintech-latency' },
    { title: 'Webinar', description: 'Moderniza una aplicación heredada en 30 días', link: '/events/modernise-webinar' },
    { title: 'Guía', description: 'Patrones de diseño de esquemas', link: '/docs/' },
    { title: 'Informe', description: 'El estado de los datos para desarrolladores, 2026', link: '/why-use-mongodb' },
  ],
};

export const HERO_FR_FR: HeroCopy = {
  eyebrow: 'La plateforme de données des développeurs',
  title1: 'Développez plus vite.',
  title2: 'Évoluez mieux.',
  description: "Atlas réunit documents, recherche, vecteurs et flux dans une base de données gérée, pour que votre équipe livre des fonctionnalités plutôt que de l'infrastructure.",
  cta: 'Commencer gratuitement',
  secondaryCta: 'Visiter le produit',
  blocks: [
    { title: 'Témoignage client', description: 'Comment une fintech a réduit sa latence de 80 %', link: '/customers/fintech-latency' },
    { title: 'Webinaire', description: 'Moderniser une application en 30 jours', link: '/events/modernise-webinar' },
    { title: 'Guide', description: 'Modèles de conception de schémas', link: '/docs/' },
    { title: 'Rapport', description: "L'état des données des développeurs, 2026", link: '/why-use-mongodb' },
  ],
};

export const HERO_IT_IT: HeroCopy = {
  eyebrow: 'La piattaforma dati per sviluppatori',
  title1: 'Sviluppa più veloce.',
  title2: 'Scala meglio.',
  description: 'Atlas unisce documenti, ricerca, vettori e stream in un unico database gestito, così il tuo team rilascia funzionalità invece di infrastruttura.',
  cta: 'Inizia gratis',
  secondaryCta: 'Fai il tour del prodotto',
  blocks: [
    { title: 'Storia di un cliente', description: "Come una fintech ha ridotto la latenza dell'80%", link: '/customers/fintech-latency' },
    { title: 'Webinar', description: "Modernizza un'app legacy in 30 giorni", link: '/events/modernise-webinar' },
    { title: 'Guida', description: 'Modelli di progettazione degli schemi', link: '/docs/' },
    { title: 'Report', description: 'Lo stato dei dati per sviluppatori, 2026', link: '/why-use-mongodb' },
  ],
};

export const HERO_KO_KR: HeroCopy = {
  eyebrow: '개발자를 위한 데이터 플랫폼',
  title1: '더 빠르게 개발하고,',
  title2: '더 스마트하게 확장하세요.',
  description: 'Atlas는 문서, 검색, 벡터, 스트림을 하나의 관리형 데이터베이스로 통합하여 팀이 인프라 대신 기능에 집중하도록 돕습니다.',
  cta: '무료로 시작하기',
  secondaryCta: '제품 둘러보기',
  blocks: [
    { title: '고객 사례', description: '핀테크 기업이 지연 시간을 80% 줄인 방법', link: '/customers/fintech-latency' },
    { title: '웨비나', description: '30일 만에 레거시 앱 현대화하기', link: '/events/modernise-webinar' },
    { title: '가이드', description: '개발자를 위한 스키마 설계 패턴', link: '/docs/' },
    { title: '보고서', description: '2026 개발자 데이터 현황', link: '/why-use-mongodb' },
  ],
};

export const HERO_JA_JP: HeroCopy = {
  eyebrow: '開発者のためのデータプラットフォーム',
  title1: 'より速く開発し、',
  title2: 'より賢くスケール。',
  description: 'Atlas はドキュメント、検索、ベクトル、ストリームを一つのマネージドデータベースに統合し、チームがインフラではなく機能の開発に集中できるようにします。',
  cta: '無料で始める',
  secondaryCta: '製品ツアーを見る',
  blocks: [
    { title: '導入事例', description: 'フィンテック企業がレイテンシを 80% 削減した方法', link: '/customers/fintech-latency' },
    { title: 'ウェビナー', description: 'レガシーアプリを 30 日でモダナイズ', link: '/events/modernise-webinar' },
    { title: 'ガイド', description: '開発者のためのスキーマ設計パターン', link: '/docs/' },
    { title: 'レポート', description: '開発者データの現状 2026', link: '/why-use-mongodb' },
  ],
};

export const HERO_ZH_CN: HeroCopy = {
  eyebrow: '面向开发者的数据平台',
  title1: '更快构建，',
  title2: '更智能地扩展。',
  description: 'Atlas 将文档、搜索、向量和流整合到一个托管数据库中，让您的团队专注于交付功能，而不是维护基础设施。',
  cta: '免费开始',
  secondaryCta: '产品导览',
  blocks: [
    { title: '客户案例', description: '一家金融科技公司如何将延迟降低 80%', link: '/customers/fintech-latency' },
    { title: '网络研讨会', description: '30 天内实现遗留应用现代化', link: '/events/modernise-webinar' },
    { title: '指南', description: '面向开发者的模式设计', link: '/docs/' },
    { title: '报告', description: '2026 开发者数据现状', link: '/why-use-mongodb' },
  ],
};
