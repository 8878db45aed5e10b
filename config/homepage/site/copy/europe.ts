import { HERO_PT_BR, HERO_DE_DE, HERO_ES, HERO_FR_FR, HERO_IT_IT } from './hero';
import type { SiteCopy } from './types';

/** Portuguese (Brazil), German, Spanish, French and Italian copy of the stand-in homepage. */
export const PT_BR: SiteCopy = {
  lang: 'pt-BR',
  title: 'Leafline Atlas: a plataforma de dados para desenvolvedores',
  promo: { pill: 'Novo', text: 'A busca vetorial já está disponível em todos os clusters Atlas.', cta: 'Leia o anúncio' },
  nav: { platform: 'Plataforma', atlas: 'Atlas', guides: 'Guias', pricing: 'Preços', company: 'Empresa', signIn: 'Entrar', tryFree: 'Teste grátis', open: 'Abrir links', close: 'Fechar links' },
  hero: HERO_PT_BR,
  heroCounters: ['57 mil+ clientes', '175 mil+ novos desenvolvedores por mês', '125+ regiões de nuvem', 'Banco de dados moderno nº 1'],
  ai: { eyebrow: 'Aplicações de IA', title: 'Seus dados prontos para IA generativa', text: 'Guarde embeddings junto aos dados operacionais e consulte ambos com uma só API.', cta: 'Conheça a busca vetorial' },
  logos: 'A escolha de equipes de engenharia do mundo todo',
  features: {
    title: 'Uma plataforma para todas as cargas de trabalho',
    subtitle: 'Comece com um cluster gratuito e chegue à escala global sem reescrever uma linha.',
    items: [
      ['Documentos flexíveis', 'Modele os dados como o seu código os usa e evolua o esquema.'],
      ['Busca de texto completo', 'Busca por relevância dentro do banco, sem cluster extra.'],
      ['Processamento de streams', 'Consulte dados em movimento com a mesma linguagem.'],
      ['Clusters globais', 'Dados perto dos usuários em mais de 125 regiões.'],
    ],
  },
  events: { eyebrow: 'Evento', title: 'O Leafline.local chega à sua cidade', text: 'Um dia de palestras, workshops e conversas com os engenheiros do Atlas.', cta: 'Encontre sua cidade', meta: '14 cidades · Gratuito' },
  resources: { title: 'Aprenda, crie, publique', items: [['Documentação', 'Referência, tutoriais e drivers para cada linguagem.'], ['Developer Center', 'Exemplos de código, artigos e vídeos.'], ['University', 'Cursos e certificações gratuitos.']] },
  signup: { title: 'Implante um cluster gratuito em minutos', text: 'Sem cartão de crédito. Faça upgrade quando quiser.', name: 'Nome completo', email: 'E-mail corporativo', submit: 'Criar conta gratuita', note: 'Ao se cadastrar, você aceita os Termos de Serviço.', thanks: 'Obrigado! Confirme sua conta pelo e-mail.' },
  chatbot: 'Pergunte à Leafline AI',
  footer: { tagline: 'A plataforma de dados para desenvolvedores.', columns: [['Produto', ['Atlas', 'Busca', 'Busca vetorial', 'Preços']], ['Recursos', ['Documentação', 'Guias', 'Developer Center', 'University']], ['Empresa', ['Sobre', 'Carreiras', 'Notícias', 'Contato']]], rights: '© 2026 Leafline, Inc. Um site de demonstração para experimentos Varia.', language: 'Português' },
};

export const DE_DE: SiteCopy = {
  lang: 'de-DE',
  title: 'Leafline Atlas: die Datenplattform für Entwickler',
  promo: { pill: 'Neu', text: 'Die Vektorsuche ist jetzt auf allen Atlas-Clustern verfügbar.', cta: 'Zur Ankündigung' },
  nav: { platform: 'Plattform', atlas: 'Atlas', guides: 'Leitfäden', pricing: 'Preise', company: 'Unternehmen', signIn: 'Anmelden', tryFree: 'Kostenlos testen', open: 'Links öffnen', close: 'Links schließen' },
  hero: HERO_DE_DE,
  heroCounters: ['57.000+ Kunden', '175.000+ neue Entwickler pro Monat', '125+ Cloud-Regionen', 'Die Nr. 1 der modernen Datenbanken'],
  ai: { eyebrow: 'KI-Anwendungen', title: 'Ihre Daten, bereit für generative KI', text: 'Speichern Sie Embeddings neben operativen Daten und fragen Sie beides mit einer API ab.', cta: 'Vektorsuche entdecken' },
  logos: 'Entwicklungsteams weltweit vertrauen uns',
  features: {
    title: 'Eine Plattform für jede Workload',
    subtitle: 'Beginnen Sie mit einem kostenlosen Cluster und wachsen Sie weltweit, ohne Code umzuschreiben.',
    items: [
      ['Flexible Dokumente', 'Daten so modellieren, wie Ihr Code sie nutzt.'],
      ['Volltextsuche', 'Relevanzbasierte Suche direkt in der Datenbank.'],
      ['Stream-Verarbeitung', 'Daten in Bewegung mit derselben Sprache abfragen.'],
      ['Globale Cluster', 'Daten nah an Ihren Nutzern in über 125 Regionen.'],
    ],
  },
  events: { eyebrow: 'Veranstaltung', title: 'Leafline.local kommt in Ihre Stadt', text: 'Ein Tag mit Vorträgen, Workshops und Sprechstunden mit dem Atlas-Team.', cta: 'Stadt finden', meta: '14 Städte · Kostenlos' },
  resources: { title: 'Lernen, bauen, ausliefern', items: [['Dokumentation', 'Referenz, Tutorials und Treiber für jede Sprache.'], ['Developer Center', 'Codebeispiele, Artikel und Videos.'], ['University', 'Kostenlose Kurse und Zertifizierungen.']] },
  signup: { title: 'Kostenlosen Cluster in Minuten bereitstellen', text: 'Keine Kreditkarte nötig. Upgrade jederzeit.', name: 'Vollständiger Name', email: 'Geschäftliche E-Mail', submit: 'Kostenloses Konto erstellen', note: 'Mit der Anmeldung akzeptieren Sie die Nutzungsbedingungen.', thanks: 'Danke! Bitte bestätigen Sie Ihr Konto per E-Mail.' },
  chatbot: 'Leafline AI fragen',
  footer: { tagline: 'Die Datenplattform für Entwickler.', columns: [['Produkt', ['Atlas', 'Suche', 'Vektorsuche', 'Preise']], ['Ressourcen', ['Dokumentation', 'Leitfäden', 'Developer Center', 'University']], ['Unternehmen', ['Über uns', 'Karriere', 'Presse', 'Kontakt']]], rights: '© 2026 Leafline, Inc. Eine Beispielseite für Varia-Experimente.', language: 'Deutsch' },
};

export const ES: SiteCopy = {
  lang: 'es',
  title: 'Leafline Atlas: la plataforma de datos para desarrolladores',
  promo: { pill: 'Nuevo', text: 'La búsqueda vectorial ya está disponible en todos los clústeres Atlas.', cta: 'Leer el anuncio' },
  nav: { platform: 'Plataforma', atlas: 'Atlas', guides: 'Guías', pricing: 'Precios', company: 'Empresa', signIn: 'Iniciar sesión', tryFree: 'Prueba gratis', open: 'Abrir enlaces', close: 'Cerrar enlaces' },
  hero: HERO_ES,
  heroCounters: ['Más de 57 000 clientes', 'Más de 175 000 desarrolladores nuevos al mes', 'Más de 125 regiones', 'La base de datos moderna n.º 1'],
  ai: { eyebrow: 'Aplicaciones de IA', title: 'Tus datos, listos para la IA generativa', text: 'Guarda embeddings junto a los datos operativos y consulta ambos con una sola API.', cta: 'Descubre la búsqueda vectorial' },
  logos: 'La elección de equipos de ingeniería de todo el mundo',
  features: {
    title: 'Una plataforma para cada carga de trabajo',
    subtitle: 'Empieza con un clúster gratuito y crece a escala global sin reescribir código.',
    items: [
      ['Documentos flexibles', 'Modela los datos como los usa tu código.'],
      ['Búsqueda de texto completo', 'Búsqueda por relevancia dentro de la base de datos.'],
      ['Procesamiento de streams', 'Consulta datos en movimiento con el mismo lenguaje.'],
      ['Clústeres globales', 'Datos cerca de tus usuarios en más de 125 regiones.'],
    ],
  },
  events: { eyebrow: 'Evento', title: 'Leafline.local llega a tu ciudad', text: 'Un día de charlas, talleres y consultas con los ingenieros de Atlas.', cta: 'Busca tu ciudad', meta: '14 ciudades · Gratis' },
  resources: { title: 'Aprende, construye, publica', items: [['Documentación', 'Referencia, tutoriales y drivers para cada lenguaje.'], ['Developer Center', 'Ejemplos de código, artículos y vídeos.'], ['University', 'Cursos y certificaciones gratuitos.']] },
  signup: { title: 'Despliega un clúster gratuito en minutos', text: 'Sin tarjeta de crédito. Mejora cuando quieras.', name: 'Nombre completo', email: 'Correo de trabajo', submit: 'Crear cuenta gratuita', note: 'Al registrarte aceptas los Términos del servicio.', thanks: '¡Gracias! Revisa tu correo para confirmar la cuenta.' },
  chatbot: 'Pregunta a Leafline AI',
  footer: { tagline: 'La plataforma de datos para desarrolladores.', columns: [['Producto', ['Atlas', 'Búsqueda', 'Búsqueda vectorial', 'Precios']], ['Recursos', ['Documentación', 'Guías', 'Developer Center', 'University']], ['Empresa', ['Acerca de', 'Empleo', 'Prensa', 'Contacto']]], rights: '© 2026 Leafline, Inc. Un sitio de prueba para experimentos Varia.', language: 'Español' },
};

export const FR_FR: SiteCopy = {
  lang: 'fr-FR',
  title: 'Leafline Atlas : la plateforme de données des développeurs',
  promo: { pill: 'Nouveau', text: 'La recherche vectorielle est disponible sur tous les clusters Atlas.', cta: "Lire l'annonce" },
  nav: { platform: 'Plateforme', atlas: 'Atlas', guides: 'Guides', pricing: 'Tarifs', company: 'Entreprise', signIn: 'Se connecter', tryFree: 'Essai gratuit', open: 'Ouvrir les liens', close: 'Fermer les liens' },
  hero: HERO_FR_FR,
  heroCounters: ['Plus de 57 000 clients', 'Plus de 175 000 nouveaux développeurs par mois', 'Plus de 125 régions', 'La base de données moderne n° 1'],
  ai: { eyebrow: 'Applications IA', title: "Vos données, prêtes pour l'IA générative", text: 'Stockez les embeddings à côté des données opérationnelles et interrogez-les avec une seule API.', cta: 'Découvrir la recherche vectorielle' },
  logos: "Choisie par des équipes d'ingénierie du monde entier",
  features: {
    title: 'Une plateforme pour chaque charge de travail',
    subtitle: 'Commencez avec un cluster gratuit et passez à l’échelle mondiale sans réécrire votre code.',
    items: [
      ['Documents flexibles', 'Modélisez les données comme votre code les utilise.'],
      ['Recherche plein texte', 'Une recherche par pertinence intégrée à la base.'],
      ['Traitement de flux', 'Interrogez les données en mouvement avec le même langage.'],
      ['Clusters mondiaux', 'Vos données près de vos utilisateurs dans 125+ régions.'],
    ],
  },
  events: { eyebrow: 'Événement', title: 'Leafline.local arrive près de chez vous', text: 'Une journée de conférences, ateliers et échanges avec les ingénieurs Atlas.', cta: 'Trouver votre ville', meta: '14 villes · Gratuit' },
  resources: { title: 'Apprendre, créer, livrer', items: [['Documentation', 'Référence, tutoriels et pilotes pour chaque langage.'], ['Developer Center', 'Exemples de code, articles et vidéos.'], ['University', 'Cours et certifications gratuits.']] },
  signup: { title: 'Déployez un cluster gratuit en quelques minutes', text: 'Sans carte bancaire. Évoluez quand vous voulez.', name: 'Nom complet', email: 'E-mail professionnel', submit: 'Créer un compte gratuit', note: "En vous inscrivant, vous acceptez les conditions d'utilisation.", thanks: 'Merci ! Confirmez votre compte depuis votre boîte mail.' },
  chatbot: 'Demander à Leafline AI',
  footer: { tagline: 'La plateforme de données des développeurs.', columns: [['Produit', ['Atlas', 'Recherche', 'Recherche vectorielle', 'Tarifs']], ['Ressources', ['Documentation', 'Guides', 'Developer Center', 'University']], ['Entreprise', ['À propos', 'Carrières', 'Presse', 'Contact']]], rights: '© 2026 Leafline, Inc. Un site de démonstration pour les expériences Varia.', language: 'Français' },
};

export const IT_IT: SiteCopy = {
  lang: 'it-IT',
  title: 'Leafline Atlas: la piattaforma dati per sviluppatori',
  promo: { pill: 'Novità', text: 'La ricerca vettoriale è disponibile su tutti i cluster Atlas.', cta: "Leggi l'annuncio" },
  nav: { platform: 'Piattaforma', atlas: 'Atlas', guides: 'Guide', pricing: 'Prezzi', company: 'Azienda', signIn: 'Accedi', tryFree: 'Prova gratis', open: 'Apri i link', close: 'Chiudi i link' },
  hero: HERO_IT_IT,
  heroCounters: ['Oltre 57.000 clienti', 'Oltre 175.000 nuovi sviluppatori al mese', 'Oltre 125 regioni', 'Il database moderno n. 1'],
  ai: { eyebrow: 'Applicazioni IA', title: "I tuoi dati, pronti per l'IA generativa", text: 'Archivia gli embedding accanto ai dati operativi e interroga entrambi con una sola API.', cta: 'Scopri la ricerca vettoriale' },
  logos: 'Scelta dai team di ingegneria di tutto il mondo',
  features: {
    title: 'Una piattaforma per ogni carico di lavoro',
    subtitle: 'Parti da un cluster gratuito e cresci su scala globale senza riscrivere il codice.',
    items: [
      ['Documenti flessibili', 'Modella i dati come li usa il tuo codice.'],
      ['Ricerca full-text', 'Ricerca per rilevanza integrata nel database.'],
      ['Elaborazione di stream', 'Interroga i dati in movimento con lo stesso linguaggio.'],
      ['Cluster globali', 'I dati vicino agli utenti in oltre 125 regioni.'],
    ],
  },
  events: { eyebrow: 'Evento', title: 'Leafline.local arriva nella tua città', text: 'Una giornata di talk, workshop e incontri con gli ingegneri di Atlas.', cta: 'Trova la tua città', meta: '14 città · Gratuito' },
  resources: { title: 'Impara, crea, pubblica', items: [['Documentazione', 'Riferimenti, tutorial e driver per ogni linguaggio.'], ['Developer Center', 'Esempi di codice, articoli e video.'], ['University', 'Corsi e certificazioni gratuiti.']] },
  signup: { title: 'Crea un cluster gratuito in pochi minuti', text: 'Nessuna carta di credito. Passa a un piano superiore quando vuoi.', name: 'Nome e cognome', email: 'E-mail di lavoro', submit: 'Crea un account gratuito', note: 'Registrandoti accetti i Termini di servizio.', thanks: "Grazie! Controlla l'e-mail per confermare l'account." },
  chatbot: 'Chiedi a Leafline AI',
  footer: { tagline: 'La piattaforma dati per sviluppatori.', columns: [['Prodotto', ['Atlas', 'Ricerca', 'Ricerca vettoriale', 'Prezzi']], ['Risorse', ['Documentazione', 'Guide', 'Developer Center', 'University']], ['Azienda', ['Chi siamo', 'Lavora con noi', 'Stampa', 'Contatti']]], rights: '© 2026 Leafline, Inc. Un sito dimostrativo per gli esperimenti Varia.', language: 'Italiano' },
};
