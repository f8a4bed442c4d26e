/** The five sections of every summary, in order. */
export type SummarySection = 'task' | 'progress' | 'files' | 'errors' | 'next';

/** The sections in the order a summary prints them. */
export const SECTION_ORDER: readonly SummarySection[] = [
  'task',
  'progress',
  'files',
  'errors',
  'next',
];

/** Section headings by language (the conversation's, detected from its user text). */
export const SECTION_HEADINGS: Readonly<
  Record<string, Readonly<Record<SummarySection, string>>>
> = {
  en: {
    task: 'Task and constraints',
    progress: 'Progress and decisions',
    files: 'Files and changes',
    errors: 'Errors and fixes',
    next: 'Next step',
  },
  fr: {
    task: 'Tâche et contraintes',
    progress: 'Avancement et décisions',
    files: 'Fichiers et modifications',
    errors: 'Erreurs et corrections',
    next: 'Prochaine étape',
  },
  de: {
    task: 'Aufgabe und Vorgaben',
    progress: 'Fortschritt und Entscheidungen',
    files: 'Dateien und Änderungen',
    errors: 'Fehler und Korrekturen',
    next: 'Nächster Schritt',
  },
  es: {
    task: 'Tarea y restricciones',
    progress: 'Avances y decisiones',
    files: 'Archivos y cambios',
    errors: 'Errores y correcciones',
    next: 'Siguiente paso',
  },
};
