/**
 * The prompt page, /prompt1 (shared/components/PromptPage.tsx): its words and the prompt itself, and the copy buttons'
 * labels and toasts (shared/components/PromptCopy.tsx, shared/components/Toaster.tsx; woken by client/copyButtons.ts).
 */

/** The copy island's own texts, apart from the prompt so its JavaScript does not carry the page. */
export const promptCopy = {
  copyAll: 'Copiar Todo el Prompt',
  copyFull: 'Copiar Prompt Completo',
  manualHint: 'También puedes seleccionar el texto y copiarlo a mano.',
  promptLabel: 'Texto del prompt',
  toastSuccess: { title: '¡Copiado!', description: 'El prompt se ha copiado al portapapeles' },
  toastError: { title: 'Error', description: 'No se pudo copiar el contenido' },
  dismiss: 'Cerrar aviso',
} as const;

export const promptPage = {
  title: 'Prompt gratis: guiones para videos cortos | Marca de Autoridad con IA',
  description:
    'Copia y pega este prompt en tu asistente de IA favorito y obtén guiones completos para Reels, TikTok y Shorts con gancho, historia y llamada a la acción.',
  eyebrow: 'Regalo para ti',
  heading: 'Prompt para escribir guiones de videos cortos con IA',
  lead: 'Copia este prompt, pégalo en ChatGPT, Claude o Gemini, completa los datos entre corchetes y recibe guiones listos para grabar.',
  steps: ['Copia el prompt completo.', 'Pégalo en tu asistente de IA.', 'Completa los datos entre [corchetes] y envíalo.'],
  backHome: 'Conoce el taller en vivo',
  prompt: `Actúa como guionista experta en videos cortos (Reels, TikTok y YouTube Shorts) para marcas personales de mujeres emprendedoras y profesionales independientes. Tu trabajo es escribir guiones que posicionen a la autora como referente en su tema, conecten con su clienta ideal y la inviten a dar el siguiente paso.

DATOS DE MI MARCA (complétalos antes de enviar):
- Mi nombre y profesión: [por ejemplo, "Laura, nutrióloga"]
- Mi tema de autoridad: [en qué quiero que me reconozcan]
- Mi clienta ideal: [quién es, qué le preocupa, qué desea lograr]
- Mi oferta principal: [servicio, programa o producto que vendo]
- Tono de mi marca: [cercano, directo, divertido, elegante…]
- Tema o idea del video: [de qué quieres hablar hoy]
- Llamada a la acción deseada: [seguirme, comentar una palabra, escribirme por mensaje, agendar una llamada…]

TU TAREA:
Escribe 3 guiones distintos sobre el tema indicado. Cada guion debe durar entre 30 y 60 segundos leído en voz alta (entre 80 y 150 palabras).

ESTRUCTURA OBLIGATORIA DE CADA GUION:
1. Gancho (0 a 3 segundos): una sola frase que detenga el scroll.
2. Problema o contexto (3 a 10 segundos): nombra lo que vive mi clienta ideal con sus propias palabras.
3. Desarrollo (10 a 45 segundos): entre 2 y 4 ideas concretas, un ejemplo o una mini historia que demuestre mi experiencia.
4. Cierre (últimos 5 a 10 segundos): una conclusión memorable y la llamada a la acción indicada.

FÓRMULAS DE GANCHO (usa una distinta en cada guion):
- Error común: "El error que cometen casi todas las [clienta ideal] cuando…"
- Contraintuitivo: "Deja de [hábito común] si quieres [resultado deseado]."
- Pregunta directa: "¿Te ha pasado que…?"
- Resultado concreto: "Así logré [resultado] en [tiempo] sin [sacrificio]."
- Lista: "3 señales de que…"
- Secreto de experta: "Lo que nadie te dice sobre [tema]."

REGLAS DE ESTILO:
- Escribe como se habla: frases cortas, palabras sencillas y un solo mensaje por video.
- Usa español neutro de Latinoamérica y trata a la audiencia de "tú".
- Habla desde mi experiencia real; nada de promesas exageradas ni cifras inventadas.
- Evita frases genéricas como "en el mundo de hoy" o "es muy importante".
- Incluye al menos un dato, ejemplo o situación concreta en el desarrollo.
- Mantén el tono de mi marca en todo el guion.

FORMATO DE RESPUESTA PARA CADA GUION:
- Título interno del video (máximo 6 palabras).
- Fórmula de gancho utilizada.
- Guion palabra por palabra, dividido en: GANCHO, PROBLEMA, DESARROLLO y CIERRE.
- Indicaciones de grabación entre paréntesis: plano, gesto o cambio de escena sugerido.
- Texto en pantalla: hasta 3 frases breves para reforzar las ideas clave.
- Descripción para la publicación (máximo 3 líneas) con una pregunta que invite a comentar.
- 5 hashtags relevantes: 2 amplios, 2 de nicho y 1 de marca.

AL FINAL:
- Recomienda cuál de los 3 guiones grabar primero y explica por qué en dos líneas.
- Sugiere 3 ideas de videos relacionados para continuar la serie.

Si falta algún dato de mi marca, hazme primero un máximo de 3 preguntas breves antes de escribir los guiones.`,
} as const;
