/** The words of a built-in workout in each language (es-AR in voseo, as the app's catalog). */
import type { Locale } from '#protocol/i18n/locales.ts';
import type { ExerciseLevel, MovementPattern } from './exercises.ts';

export type SessionKind = 'fullBody' | 'upper' | 'lower' | 'push' | 'pull' | 'legs' | 'cardioCore';
export type WeekSplit = 'fullBody' | 'upperLower' | 'pushPullLegs' | 'upperLowerCardio';
/** How hard the strength sets are meant to feel, by goal; 'gentle' for a cardiac client. */
export type Effort = 'burn' | 'build' | 'steady' | 'gentle';
/** The conditions that make a plan gentle, in the order a sentence names them. */
export const CARDIAC_CONDITIONS = ['hypertension', 'heartProblems'] as const;
export type CardiacCondition = (typeof CARDIAC_CONDITIONS)[number];

export interface WorkoutCopy {
  title: (goal: string, frequency: string) => string;
  frequency: (days: number) => string;
  weeks: (weeks: number) => string;
  minutes: (minutes: number) => string;
  session: (letter: string, name: string) => string;
  sessions: Record<SessionKind, string>;
  /** The day's type, shown beside its duration. */
  types: { strength: string; strengthCardio: string; cardioCore: string };
  dayDescription: { standard: string; gentle: string };
  intro: (days: number, level: string, goal: string, split: string) => string;
  levels: Record<ExerciseLevel, string>;
  splits: Record<WeekSplit, string>;
  /** The client's own conditions among these, each as the adaptation sentence names it. */
  cardiacCauses: Record<CardiacCondition, string>;
  /** `causes`: the client's conditions from `cardiacCauses`, joined ('da hipertensão e do problema cardíaco'). */
  cardiacAdaptation: (causes: string) => string;
  jointAdaptation: (bmi: string) => string;
  olderAdultAdaptation: (age: number) => string;
  notes: Record<Effort, string> & { core: string; warmUp: string; cardio: string; intervals: string; mobility: string };
  safety: Record<MovementPattern, string>;
  breathe: string;
  progression: {
    firstWeeks: string;
    load: string;
    hypertrophyLoad: string;
    cardio: (minutes: number) => string;
    gentle: string;
    activeRest: string;
    reassess: string;
  };
  safetyNotes: {
    warmUp: string;
    stop: string;
    water: string;
    cardiacClearance: string;
    bloodPressure: string;
    noStrain: string;
    glucose: string;
    joints: string;
    thyroid: string;
    otherCondition: string;
  };
}

const PT_BR: WorkoutCopy = {
  title: (goal, frequency) => `Plano de treino — ${goal} (${frequency})`,
  frequency: (days) => `${days}x por semana`,
  weeks: (weeks) => `${weeks} semanas`,
  minutes: (minutes) => `${minutes} min`,
  session: (letter, name) => `Treino ${letter} — ${name}`,
  sessions: {
    fullBody: 'Corpo inteiro',
    upper: 'Membros superiores',
    lower: 'Membros inferiores',
    push: 'Peito, ombros e tríceps',
    pull: 'Costas e bíceps',
    legs: 'Pernas e glúteos',
    cardioCore: 'Cardio e core',
  },
  types: { strength: 'Força', strengthCardio: 'Força e cardio', cardioCore: 'Cardio e core' },
  dayDescription: {
    standard: 'Aqueça antes da parte de força e termine com o alongamento.',
    gentle: 'Intensidade moderada do começo ao fim: você deve conseguir conversar durante todo o treino.',
  },
  intro: (days, level, goal, split) => `${days} treinos por semana, nível ${level}, com foco em ${goal}: ${split}.`,
  levels: { beginner: 'iniciante', intermediate: 'intermediário', advanced: 'avançado' },
  splits: {
    fullBody: 'corpo inteiro em dias alternados',
    upperLower: 'divisão entre membros superiores e inferiores',
    pushPullLegs: 'empurrar, puxar e pernas, mais um dia de superiores e um de inferiores',
    upperLowerCardio: 'superiores e inferiores, com um dia de cardio e core no meio da semana',
  },
  cardiacCauses: { hypertension: 'da hipertensão', heartProblems: 'do problema cardíaco' },
  cardiacAdaptation: (causes) => `Por causa ${causes}, todos os exercícios são de baixo impacto e intensidade moderada, sem cargas máximas nem isometrias longas.`,
  jointAdaptation: (bmi) => `Com IMC de ${bmi}, o plano evita saltos e corrida para proteger as articulações.`,
  olderAdultAdaptation: (age) => `Aos ${age} anos, o plano prioriza exercícios controlados e de baixo impacto, sem saltos.`,
  notes: {
    burn: 'Carga moderada e ritmo contínuo; o descanso curto mantém o coração acelerado.',
    build: 'Carga desafiadora: termine cada série com 1 ou 2 repetições de reserva.',
    steady: 'Carga moderada, com foco na técnica.',
    gentle: 'Carga leve a moderada (esforço 5 a 6 de 10), sem chegar à falha.',
    core: 'Controle o movimento e mantenha o abdômen firme.',
    warmUp: 'Aquecimento em ritmo leve.',
    cardio: 'Ritmo em que ainda consegue conversar (esforço 5 a 6 de 10).',
    intervals: 'Intervalos: 30 s em ritmo forte, 30 s de descanso.',
    mobility: 'Movimento lento, respirando fundo.',
  },
  safety: {
    squat: 'Joelhos na direção da ponta dos pés; coluna neutra.',
    lunge: 'Passo firme; joelho da frente alinhado com o pé.',
    hinge: 'Coluna neutra; o movimento vem do quadril.',
    push: 'Escápulas firmes; cotovelos a cerca de 45° do tronco.',
    shoulders: 'Sem arquear a lombar; trabalhe só na amplitude sem dor no ombro.',
    pull: 'Ombros longe das orelhas; sem balançar o tronco.',
    biceps: 'Cotovelos junto ao corpo; sem embalo.',
    triceps: 'Cotovelos fixos; sem dor no ombro.',
    core: 'Lombar neutra; respire durante todo o exercício.',
    calves: 'Amplitude completa, sem quicar.',
    cardio: 'Comece devagar e aumente o ritmo aos poucos.',
    conditioning: 'Aterrisse suave, com os joelhos levemente flexionados.',
    mobility: 'Sem dor; não force a amplitude.',
  },
  breathe: 'Não prenda a respiração: solte o ar na fase de esforço.',
  progression: {
    firstWeeks: 'Semanas 1 e 2: aprenda a técnica com cargas leves e 2 séries por exercício.',
    load: 'Quando as repetições ficarem fáceis (3 ou mais de reserva), aumente a carga em 2 a 5% ou acrescente 1 a 2 repetições.',
    hypertrophyLoad: 'Quando completar 12 repetições em todas as séries com boa técnica, aumente a carga em 2 a 5%.',
    cardio: (minutes) => `Aumente o cardio em 5 minutos por semana até chegar a ${minutes} minutos por sessão.`,
    gentle: 'Progrida devagar: primeiro mais repetições, depois carga, sempre em intensidade moderada.',
    activeRest: 'Nos dias sem treino, caminhe de 20 a 30 minutos ou alongue-se (descanso ativo).',
    reassess: 'Na semana 8, reavalie peso, medidas e cargas e ajuste o plano.',
  },
  safetyNotes: {
    warmUp: 'Aqueça de 5 a 10 minutos antes e alongue-se no final.',
    stop: 'Pare e procure ajuda se sentir dor no peito, tontura, falta de ar fora do normal ou dor articular aguda.',
    water: 'Beba água antes, durante e depois do treino.',
    cardiacClearance:
      'Tenha liberação do cardiologista antes de começar; remédios para pressão podem alterar a frequência cardíaca, então guie-se pelo esforço percebido (5 a 6 de 10).',
    bloodPressure: 'Meça a pressão antes do treino e não treine se estiver acima de 160/100 mmHg.',
    noStrain: 'Não prenda a respiração nem faça força máxima; evite isometrias longas e cargas muito pesadas.',
    glucose: 'Meça a glicemia antes e depois do treino; abaixo de 90 mg/dL, coma um lanche com carboidrato antes de começar e tenha sempre uma fonte rápida de açúcar à mão.',
    joints: 'Exercícios sem saltos para proteger joelhos e tornozelos; use tênis com bom amortecimento.',
    thyroid: 'Com hipotireoidismo, mantenha a medicação em dia; se sentir cansaço fora do normal, reduza o volume e avise o professor.',
    otherCondition: 'Informe o professor sobre sua condição de saúde e siga a orientação do seu médico.',
  },
};

const ES_AR: WorkoutCopy = {
  title: (goal, frequency) => `Plan de entrenamiento — ${goal} (${frequency})`,
  frequency: (days) => `${days} veces por semana`,
  weeks: (weeks) => `${weeks} semanas`,
  minutes: (minutes) => `${minutes} min`,
  session: (letter, name) => `Rutina ${letter} — ${name}`,
  sessions: {
    fullBody: 'Cuerpo completo',
    upper: 'Tren superior',
    lower: 'Tren inferior',
    push: 'Pecho, hombros y tríceps',
    pull: 'Espalda y bíceps',
    legs: 'Piernas y glúteos',
    cardioCore: 'Cardio y core',
  },
  types: { strength: 'Fuerza', strengthCardio: 'Fuerza y cardio', cardioCore: 'Cardio y core' },
  dayDescription: {
    standard: 'Entrá en calor antes de la parte de fuerza y terminá con la elongación.',
    gentle: 'Intensidad moderada de principio a fin: tenés que poder conversar durante todo el entrenamiento.',
  },
  intro: (days, level, goal, split) => `${days} entrenamientos por semana, nivel ${level}, con foco en ${goal}: ${split}.`,
  levels: { beginner: 'principiante', intermediate: 'intermedio', advanced: 'avanzado' },
  splits: {
    fullBody: 'cuerpo completo en días alternados',
    upperLower: 'división entre tren superior e inferior',
    pushPullLegs: 'empuje, tracción y piernas, más un día de tren superior y uno de tren inferior',
    upperLowerCardio: 'tren superior e inferior, con un día de cardio y core a mitad de semana',
  },
  cardiacCauses: { hypertension: 'la hipertensión', heartProblems: 'el problema cardíaco' },
  cardiacAdaptation: (causes) => `Por ${causes}, todos los ejercicios son de bajo impacto e intensidad moderada, sin cargas máximas ni isometrías largas.`,
  jointAdaptation: (bmi) => `Con un IMC de ${bmi}, el plan evita saltos y carrera para cuidar las articulaciones.`,
  olderAdultAdaptation: (age) => `A los ${age} años, el plan prioriza ejercicios controlados y de bajo impacto, sin saltos.`,
  notes: {
    burn: 'Carga moderada y ritmo continuo; el descanso corto mantiene el corazón acelerado.',
    build: 'Carga exigente: terminá cada serie con 1 o 2 repeticiones en reserva.',
    steady: 'Carga moderada, con foco en la técnica.',
    gentle: 'Carga liviana a moderada (esfuerzo 5 a 6 de 10), sin llegar al fallo.',
    core: 'Controlá el movimiento y mantené el abdomen firme.',
    warmUp: 'Entrada en calor a ritmo suave.',
    cardio: 'Ritmo en el que todavía podés conversar (esfuerzo 5 a 6 de 10).',
    intervals: 'Intervalos: 30 s a ritmo fuerte, 30 s de descanso.',
    mobility: 'Movimiento lento, respirando profundo.',
  },
  safety: {
    squat: 'Rodillas en dirección a la punta de los pies; espalda neutra.',
    lunge: 'Paso firme; rodilla de adelante alineada con el pie.',
    hinge: 'Espalda neutra; el movimiento sale de la cadera.',
    push: 'Escápulas firmes; codos a unos 45° del torso.',
    shoulders: 'Sin arquear la zona lumbar; trabajá solo en el rango sin dolor de hombro.',
    pull: 'Hombros lejos de las orejas; sin balancear el torso.',
    biceps: 'Codos pegados al cuerpo; sin impulso.',
    triceps: 'Codos fijos; sin dolor en el hombro.',
    core: 'Zona lumbar neutra; respirá durante todo el ejercicio.',
    calves: 'Recorrido completo, sin rebotar.',
    cardio: 'Empezá despacio y subí el ritmo de a poco.',
    conditioning: 'Aterrizá suave, con las rodillas apenas flexionadas.',
    mobility: 'Sin dolor; no fuerces el rango.',
  },
  breathe: 'No contengas la respiración: soltá el aire en la fase de esfuerzo.',
  progression: {
    firstWeeks: 'Semanas 1 y 2: aprendé la técnica con cargas livianas y 2 series por ejercicio.',
    load: 'Cuando las repeticiones te resulten fáciles (3 o más en reserva), subí la carga un 2 a 5% o sumá 1 a 2 repeticiones.',
    hypertrophyLoad: 'Cuando completes 12 repeticiones en todas las series con buena técnica, subí la carga un 2 a 5%.',
    cardio: (minutes) => `Sumá 5 minutos de cardio por semana hasta llegar a ${minutes} minutos por sesión.`,
    gentle: 'Progresá despacio: primero más repeticiones, después carga, siempre a intensidad moderada.',
    activeRest: 'Los días sin entrenamiento, caminá de 20 a 30 minutos o elongá (descanso activo).',
    reassess: 'En la semana 8, reevaluá peso, medidas y cargas y ajustá el plan.',
  },
  safetyNotes: {
    warmUp: 'Entrá en calor de 5 a 10 minutos antes y elongá al final.',
    stop: 'Pará y pedí ayuda si sentís dolor en el pecho, mareo, falta de aire fuera de lo normal o dolor articular agudo.',
    water: 'Tomá agua antes, durante y después del entrenamiento.',
    cardiacClearance:
      'Conseguí el apto del cardiólogo antes de empezar; los remedios para la presión pueden cambiar la frecuencia cardíaca, así que guiate por el esfuerzo percibido (5 a 6 de 10).',
    bloodPressure: 'Medí la presión antes de entrenar y no entrenes si está por encima de 160/100 mmHg.',
    noStrain: 'No contengas la respiración ni hagas fuerza máxima; evitá las isometrías largas y las cargas muy pesadas.',
    glucose:
      'Medí la glucemia antes y después de entrenar; por debajo de 90 mg/dL, comé una colación con carbohidratos antes de empezar y tené siempre a mano una fuente rápida de azúcar.',
    joints: 'Ejercicios sin saltos para cuidar rodillas y tobillos; usá zapatillas con buena amortiguación.',
    thyroid: 'Con hipotiroidismo, mantené la medicación al día; si sentís un cansancio fuera de lo normal, bajá el volumen y avisale al profe.',
    otherCondition: 'Contale al profe sobre tu condición de salud y seguí las indicaciones de tu médico.',
  },
};

const EN_US: WorkoutCopy = {
  title: (goal, frequency) => `Workout plan — ${goal} (${frequency})`,
  frequency: (days) => `${days} times a week`,
  weeks: (weeks) => `${weeks} weeks`,
  minutes: (minutes) => `${minutes} min`,
  session: (letter, name) => `Workout ${letter} — ${name}`,
  sessions: {
    fullBody: 'Full body',
    upper: 'Upper body',
    lower: 'Lower body',
    push: 'Chest, shoulders and triceps',
    pull: 'Back and biceps',
    legs: 'Legs and glutes',
    cardioCore: 'Cardio and core',
  },
  types: { strength: 'Strength', strengthCardio: 'Strength and cardio', cardioCore: 'Cardio and core' },
  dayDescription: {
    standard: 'Warm up before the strength work and finish with the stretch.',
    gentle: 'Moderate intensity from start to finish: you should be able to hold a conversation throughout.',
  },
  intro: (days, level, goal, split) => `${days} workouts a week at ${level} level, focused on ${goal}: ${split}.`,
  levels: { beginner: 'beginner', intermediate: 'intermediate', advanced: 'advanced' },
  splits: {
    fullBody: 'full body on alternate days',
    upperLower: 'an upper/lower body split',
    pushPullLegs: 'push, pull and legs, plus one upper-body and one lower-body day',
    upperLowerCardio: 'upper and lower body, with a cardio and core day midweek',
  },
  cardiacCauses: { hypertension: 'hypertension', heartProblems: 'a heart condition' },
  cardiacAdaptation: (causes) => `Because of ${causes}, every exercise is low-impact and moderate, with no maximal loads or long isometric holds.`,
  jointAdaptation: (bmi) => `With a BMI of ${bmi}, the plan avoids jumping and running to protect the joints.`,
  olderAdultAdaptation: (age) => `At ${age}, the plan favors controlled, low-impact exercises with no jumping.`,
  notes: {
    burn: 'Moderate load at a steady pace; short rests keep the heart rate up.',
    build: 'Challenging load: end each set with 1 or 2 reps in reserve.',
    steady: 'Moderate load, with the focus on technique.',
    gentle: 'Light to moderate load (effort 5 to 6 out of 10), never to failure.',
    core: 'Stay in control and keep your abs braced.',
    warmUp: 'Easy warm-up pace.',
    cardio: 'A pace at which you can still talk (effort 5 to 6 out of 10).',
    intervals: 'Intervals: 30 s hard, 30 s rest.',
    mobility: 'Slow movement, breathing deeply.',
  },
  safety: {
    squat: 'Knees track over the toes; neutral spine.',
    lunge: 'Stable step; front knee in line with the foot.',
    hinge: 'Neutral spine; the movement comes from the hips.',
    push: 'Shoulder blades set; elbows about 45° from the torso.',
    shoulders: 'Do not arch the lower back; stay within a pain-free shoulder range.',
    pull: 'Shoulders away from the ears; no torso swing.',
    biceps: 'Elbows by your sides; no swinging.',
    triceps: 'Elbows still; no shoulder pain.',
    core: 'Neutral lower back; keep breathing throughout.',
    calves: 'Full range of motion, no bouncing.',
    cardio: 'Start slowly and build the pace gradually.',
    conditioning: 'Land softly with slightly bent knees.',
    mobility: 'Pain-free; do not force the range.',
  },
  breathe: 'Do not hold your breath: exhale on the effort.',
  progression: {
    firstWeeks: 'Weeks 1 and 2: learn the technique with light loads and 2 sets per exercise.',
    load: 'When the reps feel easy (3 or more in reserve), add 2 to 5% to the load or 1 to 2 reps.',
    hypertrophyLoad: 'When you complete 12 reps on every set with good form, add 2 to 5% to the load.',
    cardio: (minutes) => `Add 5 minutes of cardio a week until you reach ${minutes} minutes per session.`,
    gentle: 'Progress slowly: more reps first, then load, always at moderate intensity.',
    activeRest: 'On rest days, walk for 20 to 30 minutes or stretch (active rest).',
    reassess: 'In week 8, reassess weight, measurements and loads, and adjust the plan.',
  },
  safetyNotes: {
    warmUp: 'Warm up for 5 to 10 minutes before and stretch at the end.',
    stop: 'Stop and seek help if you feel chest pain, dizziness, unusual shortness of breath or sharp joint pain.',
    water: 'Drink water before, during and after training.',
    cardiacClearance:
      'Get clearance from your cardiologist before starting; blood-pressure medicines can change your heart rate, so go by perceived effort (5 to 6 out of 10).',
    bloodPressure: 'Check your blood pressure before training and do not train if it is above 160/100 mmHg.',
    noStrain: 'Do not hold your breath or make maximal efforts; avoid long isometric holds and very heavy loads.',
    glucose: 'Check your blood glucose before and after training; below 90 mg/dL, eat a carbohydrate snack before starting, and always carry a fast-acting sugar.',
    joints: 'No jumping, to protect knees and ankles; wear well-cushioned shoes.',
    thyroid: 'With hypothyroidism, keep your medication up to date; if you feel unusually tired, reduce the volume and tell your trainer.',
    otherCondition: "Tell your trainer about your health condition and follow your doctor's guidance.",
  },
};

export const WORKOUT_COPY: Record<Locale, WorkoutCopy> = { 'pt-BR': PT_BR, 'es-AR': ES_AR, 'en-US': EN_US };
