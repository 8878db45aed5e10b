/**
 * What the hero widget shows beyond the site's hero text, per locale: the counters (figure and label,
 * homepage-spec §9), the nine rotating data-type words in the widget's order (WID-57) and the heading
 * over them. English is the widget's own default; the in-language heroes pass their translation, each
 * from its locale's page part (./page-parts/).
 */

/** Counters as [figure, label]: customers, developers a month, regions, rank. */
type Counters = [[string, string], [string, string], [string, string], [string, string]];

export interface HeroWidgetCopy {
  counters: Counters;
  /** Full-text search, transactions, time series, AI, streaming, operational, geospatial, graph, vector search. */
  words: [string, string, string, string, string, string, string, string, string];
  dataTypes: string;
}

export const HERO_WIDGET_EN: HeroWidgetCopy = {
  counters: [['57K+', 'customers'], ['175K+', 'new developers every month'], ['125+', 'cloud regions'], ['#1', 'modern database']],
  words: ['Full-Text Search', 'Transactions', 'Time Series Data', 'AI', 'Streaming Data', 'Operational Data', 'Geospatial Data', 'Graph Data', 'Vector Search'],
  dataTypes: 'One platform for every data type',
};

export const HERO_WIDGET_PT_BR: HeroWidgetCopy = {
  counters: [['57 mil+', 'clientes'], ['175 mil+', 'novos desenvolvedores por mês'], ['125+', 'regiões de nuvem'], ['Nº 1', 'banco de dados moderno']],
  words: ['Busca de texto completo', 'Transações', 'Séries temporais', 'IA', 'Dados em streaming', 'Dados operacionais', 'Dados geoespaciais', 'Dados em grafo', 'Busca vetorial'],
  dataTypes: 'Uma plataforma para todos os tipos de dados',
};

export const HERO_WIDGET_DE_DE: HeroWidgetCopy = {
  counters: [['57.000+', 'Kunden'], ['175.000+', 'neue Entwickler pro Monat'], ['125+', 'Cloud-Regionen'], ['Nr. 1', 'moderne Datenbank']],
  words: ['Volltextsuche', 'Transaktionen', 'Zeitreihendaten', 'KI', 'Streaming-Daten', 'Operative Daten', 'Geodaten', 'Graphdaten', 'Vektorsuche'],
  dataTypes: 'Eine Plattform für jeden Datentyp',
};

export const HERO_WIDGET_ES: HeroWidgetCopy = {
  counters: [['57 000+', 'clientes'], ['175 000+', 'desarrolladores nuevos al mes'], ['125+', 'regiones en la nube'], ['N.º 1', 'base de datos moderna']],
  words: ['Búsqueda de texto completo', 'Transacciones', 'Series temporales', 'IA', 'Datos en streaming', 'Datos operativos', 'Datos geoespaciales', 'Datos de grafos', 'Búsqueda vectorial'],
  dataTypes: 'Una plataforma para cada tipo de datos',
};

export const HERO_WIDGET_KO_KR: HeroWidgetCopy = {
  counters: [['5만 7천+', '고객'], ['17만 5천+', '매월 신규 개발자'], ['125+', '클라우드 리전'], ['1위', '모던 데이터베이스']],
  words: ['전문 검색', '트랜잭션', '시계열 데이터', 'AI', '스트리밍 데이터', '운영 데이터', '지리 공간 데이터', '그래프 데이터', '벡터 검색'],
  dataTypes: '모든 데이터 유형을 위한 하나의 플랫폼',
};

export const HERO_WIDGET_JA_JP: HeroWidgetCopy = {
  counters: [['57,000+', '社の顧客'], ['175,000+', '人の新しい開発者（毎月）'], ['125+', 'のクラウドリージョン'], ['No.1', 'モダンデータベース']],
  words: ['全文検索', 'トランザクション', '時系列データ', 'AI', 'ストリーミングデータ', '運用データ', '地理空間データ', 'グラフデータ', 'ベクトル検索'],
  dataTypes: 'あらゆるデータタイプに一つのプラットフォーム',
};

export const HERO_WIDGET_ZH_CN: HeroWidgetCopy = {
  counters: [['57,000+', '客户'], ['175,000+', '每月新开发者'], ['125+', '云区域'], ['第一', '现代数据库']],
  words: ['全文搜索', '事务', '时间序列数据', 'AI', '流数据', '业务数据', '地理空间数据', '图数据', '向量搜索'],
  dataTypes: '一个平台，支持所有数据类型',
};

export const HERO_WIDGET_FR_FR: HeroWidgetCopy = {
  counters: [['57 000+', 'clients'], ['175 000+', 'nouveaux développeurs par mois'], ['125+', 'régions cloud'], ['N° 1', 'des bases de données modernes']],
  words: ['Recherche plein texte', 'Transactions', 'Séries temporelles', 'IA', 'Données en flux', 'Données opérationnelles', 'Données géospatiales', 'Données de graphe', 'Recherche vectorielle'],
  dataTypes: 'Une plateforme pour chaque type de données',
};

export const HERO_WIDGET_IT_IT: HeroWidgetCopy = {
  counters: [['57.000+', 'clienti'], ['175.000+', 'nuovi sviluppatori al mese'], ['125+', 'regioni cloud'], ['N. 1', 'database moderno']],
  words: ['Ricerca full-text', 'Transazioni', 'Serie temporali', 'IA', 'Dati in streaming', 'Dati operativi', 'Dati geospaziali', 'Dati a grafo', 'Ricerca vettoriale'],
  dataTypes: 'Una piattaforma per ogni tipo di dato',
};
