import { HERO_KO_KR, HERO_JA_JP, HERO_ZH_CN } from './hero';
import type { SiteCopy } from './types';

/** Korean, Japanese and Chinese (simplified) copy of the stand-in homepage. */
export const KO_KR: SiteCopy = {
  lang: 'ko-KR',
  title: 'Leafline Atlas: 개발자를 위한 데이터 플랫폼',
  promo: { pill: '신규', text: '이제 모든 Atlas 클러스터에서 벡터 검색을 사용할 수 있습니다.', cta: '공지 읽기' },
  nav: { platform: '플랫폼', atlas: 'Atlas', guides: '가이드', pricing: '요금', company: '회사', signIn: '로그인', tryFree: '무료 체험', open: '링크 열기', close: '링크 닫기' },
  hero: HERO_KO_KR,
  heroCounters: ['5만 7천+ 고객', '매월 17만 5천+ 신규 개발자', '125+ 클라우드 리전', '1위 모던 데이터베이스'],
  ai: { eyebrow: 'AI 애플리케이션', title: '생성형 AI를 위한 데이터 준비 완료', text: '운영 데이터 옆에 임베딩을 저장하고 하나의 API로 함께 쿼리하세요.', cta: '벡터 검색 살펴보기' },
  logos: '전 세계 엔지니어링 팀이 신뢰합니다',
  features: {
    title: '모든 워크로드를 위한 하나의 플랫폼',
    subtitle: '무료 클러스터로 시작해 코드 변경 없이 글로벌 규모로 확장하세요.',
    items: [
      ['유연한 문서 모델', '코드가 사용하는 방식 그대로 데이터를 모델링합니다.'],
      ['전문 검색', '별도 클러스터 없이 데이터베이스에 내장된 관련도 검색.'],
      ['스트림 처리', '같은 언어로 움직이는 데이터를 쿼리합니다.'],
      ['글로벌 클러스터', '125개 이상의 리전에서 사용자 가까이에 데이터를 배치합니다.'],
    ],
  },
  events: { eyebrow: '이벤트', title: 'Leafline.local이 여러분의 도시를 찾아갑니다', text: 'Atlas 엔지니어와 함께하는 강연, 워크숍, 상담의 하루.', cta: '도시 찾기', meta: '14개 도시 · 무료 참가' },
  resources: { title: '배우고, 만들고, 배포하세요', items: [['문서', '모든 언어를 위한 레퍼런스, 튜토리얼, 드라이버.'], ['Developer Center', '코드 샘플, 아티클, 동영상.'], ['University', '무료 강좌와 자격증.']] },
  signup: { title: '몇 분 만에 무료 클러스터 배포', text: '신용카드가 필요 없습니다. 언제든 업그레이드하세요.', name: '이름', email: '업무용 이메일', submit: '무료 계정 만들기', note: '가입하면 서비스 약관에 동의하게 됩니다.', thanks: '감사합니다! 이메일에서 계정을 확인하세요.' },
  chatbot: 'Leafline AI에게 묻기',
  footer: { tagline: '개발자를 위한 데이터 플랫폼.', columns: [['제품', ['Atlas', '검색', '벡터 검색', '요금']], ['리소스', ['문서', '가이드', 'Developer Center', 'University']], ['회사', ['소개', '채용', '뉴스룸', '문의']]], rights: '© 2026 Leafline, Inc. Varia 실험을 위한 데모 사이트입니다.', language: '한국어' },
};

export const JA_JP: SiteCopy = {
  lang: 'ja-JP',
  title: 'Leafline Atlas: 開発者のためのデータプラットフォーム',
  promo: { pill: '新機能', text: 'ベクトル検索がすべての Atlas クラスターで利用可能になりました。', cta: 'お知らせを読む' },
  nav: { platform: 'プラットフォーム', atlas: 'Atlas', guides: 'ガイド', pricing: '料金', company: '会社情報', signIn: 'ログイン', tryFree: '無料で試す', open: 'リンクを開く', close: 'リンクを閉じる' },
  hero: HERO_JA_JP,
  heroCounters: ['57,000 社以上の顧客', '毎月 175,000 人以上の新しい開発者', '125 以上のクラウドリージョン', 'モダンデータベース No.1'],
  ai: { eyebrow: 'AI アプリケーション', title: '生成 AI に対応したデータ基盤', text: '運用データの隣に埋め込みを保存し、一つの API で両方をクエリできます。', cta: 'ベクトル検索を見る' },
  logos: '世界中のエンジニアリングチームに選ばれています',
  features: {
    title: 'あらゆるワークロードに一つのプラットフォーム',
    subtitle: '無料クラスターから始めて、コードを書き直さずにグローバル規模へ。',
    items: [
      ['柔軟なドキュメント', 'コードでの使い方そのままにデータをモデル化。'],
      ['全文検索', '追加クラスター不要の、データベース内蔵の関連度検索。'],
      ['ストリーム処理', '同じ言語で流れるデータをクエリ。'],
      ['グローバルクラスター', '125 以上のリージョンでユーザーの近くにデータを配置。'],
    ],
  },
  events: { eyebrow: 'イベント', title: 'Leafline.local があなたの街にやってきます', text: 'Atlas のエンジニアによる講演、ワークショップ、相談会の一日。', cta: '開催都市を探す', meta: '14 都市 · 参加無料' },
  resources: { title: '学んで、作って、届ける', items: [['ドキュメント', 'すべての言語のリファレンス、チュートリアル、ドライバー。'], ['Developer Center', 'コードサンプル、記事、動画。'], ['University', '無料のコースと認定資格。']] },
  signup: { title: '数分で無料クラスターをデプロイ', text: 'クレジットカードは不要です。いつでもアップグレードできます。', name: '氏名', email: '勤務先メールアドレス', submit: '無料アカウントを作成', note: '登録すると利用規約に同意したことになります。', thanks: 'ありがとうございます。メールでアカウントを確認してください。' },
  chatbot: 'Leafline AI に質問',
  footer: { tagline: '開発者のためのデータプラットフォーム。', columns: [['製品', ['Atlas', '検索', 'ベクトル検索', '料金']], ['リソース', ['ドキュメント', 'ガイド', 'Developer Center', 'University']], ['会社情報', ['概要', '採用情報', 'ニュース', 'お問い合わせ']]], rights: '© 2026 Leafline, Inc. Varia の実験用デモサイトです。', language: '日本語' },
};

export const ZH_CN: SiteCopy = {
  lang: 'zh-CN',
  title: 'Leafline Atlas：面向开发者的数据平台',
  promo: { pill: '新功能', text: '向量搜索现已在所有 Atlas 集群上正式可用。', cta: '阅读公告' },
  nav: { platform: '平台', atlas: 'Atlas', guides: '指南', pricing: '价格', company: '公司', signIn: '登录', tryFree: '免费试用', open: '打开链接', close: '关闭链接' },
  hero: HERO_ZH_CN,
  heroCounters: ['57,000+ 客户', '每月 175,000+ 新开发者', '125+ 云区域', '排名第一的现代数据库'],
  ai: { eyebrow: 'AI 应用', title: '为生成式 AI 准备好的数据', text: '将嵌入向量与业务数据存放在一起，用同一个 API 查询。', cta: '了解向量搜索' },
  logos: '深受全球工程团队信赖',
  features: {
    title: '一个平台，满足所有工作负载',
    subtitle: '从免费集群起步，无需重写代码即可扩展到全球规模。',
    items: [
      ['灵活的文档模型', '按照代码使用数据的方式来建模。'],
      ['全文搜索', '内置于数据库的相关性搜索，无需额外集群。'],
      ['流处理', '用同一种语言查询流动中的数据。'],
      ['全球集群', '在 125 多个区域让数据靠近用户。'],
    ],
  },
  events: { eyebrow: '活动', title: 'Leafline.local 即将来到您的城市', text: '与 Atlas 工程师共度一天：演讲、工作坊和答疑。', cta: '查找城市', meta: '14 座城市 · 免费参加' },
  resources: { title: '学习、构建、交付', items: [['文档', '各种语言的参考、教程和驱动程序。'], ['Developer Center', '代码示例、文章和视频。'], ['University', '免费课程与认证。']] },
  signup: { title: '几分钟内部署免费集群', text: '无需信用卡，随时升级。', name: '姓名', email: '工作邮箱', submit: '创建免费账户', note: '注册即表示您接受服务条款。', thanks: '谢谢！请查收邮件确认您的账户。' },
  chatbot: '询问 Leafline AI',
  footer: { tagline: '面向开发者的数据平台。', columns: [['产品', ['Atlas', '搜索', '向量搜索', '价格']], ['资源', ['文档', '指南', 'Developer Center', 'University']], ['公司', ['关于我们', '招聘', '新闻', '联系我们']]], rights: '© 2026 Leafline, Inc. 用于 Varia 实验的演示站点。', language: '简体中文' },
};
