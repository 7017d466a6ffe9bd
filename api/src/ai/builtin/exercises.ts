/**
 * The exercises the built-in workout generator programs with and that an identified exercise is
 * matched against: named in each language, with the other names people use for them.
 */
import type { Locale } from '#protocol/i18n/locales.ts';

export type ExerciseKind = 'strength' | 'cardio' | 'mobility';
export type ExerciseLevel = 'beginner' | 'intermediate' | 'advanced';
/**
 * The movement a session slot asks for; a full-body day is squat, push, pull, hinge and core.
 * Cardio can be held for 20 minutes or more; conditioning (jumps, burpees) only in short intervals.
 */
export type MovementPattern = 'squat' | 'lunge' | 'hinge' | 'push' | 'shoulders' | 'pull' | 'biceps' | 'triceps' | 'core' | 'calves' | 'cardio' | 'conditioning' | 'mobility';

export interface Exercise {
  id: string;
  names: Record<Locale, string>;
  /** English and other common names ('Back squat', 'Agachamento com barra'), for matching. */
  alternativeNames: readonly string[];
  muscleGroups: readonly string[];
  equipment: readonly string[];
  kind: ExerciseKind;
  pattern: MovementPattern;
  /** High: jumps or running, hard on the joints of a heavy or cardiac client. */
  impact: 'low' | 'high';
  level: ExerciseLevel;
  /** Heavy lifts and long isometric holds that invite breath-holding (Valsalva) and spike blood pressure. */
  strain: boolean;
  /** Held for time rather than counted ('30s'). */
  timed: boolean;
}

export const LEVEL_ORDER: Record<ExerciseLevel, number> = { beginner: 0, intermediate: 1, advanced: 2 };

type Names = readonly [pt: string, es: string, en: string];
interface Traits {
  impact?: 'high';
  strain?: true;
  timed?: true;
}

function exercise(
  id: string,
  [pt, es, en]: Names,
  alternativeNames: readonly string[],
  pattern: MovementPattern,
  muscleGroups: readonly string[],
  equipment: readonly string[],
  level: ExerciseLevel,
  traits: Traits = {},
): Exercise {
  const kind: ExerciseKind = pattern === 'cardio' || pattern === 'conditioning' ? 'cardio' : pattern === 'mobility' ? 'mobility' : 'strength';
  return {
    id,
    names: { 'pt-BR': pt, 'es-AR': es, 'en-US': en },
    alternativeNames,
    muscleGroups,
    equipment,
    kind,
    pattern,
    impact: traits.impact ?? 'low',
    level,
    strain: traits.strain ?? false,
    timed: traits.timed ?? false,
  };
}

export const EXERCISES: readonly Exercise[] = [
  // Knee-dominant: squats.
  exercise('bodyweight-squat', ['Agachamento com peso corporal', 'Sentadilla con peso corporal', 'Bodyweight squat'], ['Air squat', 'Squat', 'Sentadilla libre'], 'squat', ['quadriceps', 'glutes'], ['bodyweight'], 'beginner'),
  exercise('sit-to-stand', ['Sentar e levantar da cadeira', 'Sentarse y pararse de la silla', 'Sit-to-stand'], ['Chair squat', 'Box squat', 'Chair stand', 'Agachamento na cadeira'], 'squat', ['quadriceps', 'glutes'], ['bench'], 'beginner'),
  exercise('goblet-squat', ['Agachamento goblet', 'Sentadilla goblet', 'Goblet squat'], ['Dumbbell goblet squat', 'Kettlebell goblet squat', 'Agachamento com halter'], 'squat', ['quadriceps', 'glutes', 'core'], ['dumbbell'], 'beginner'),
  exercise('barbell-back-squat', ['Agachamento com barra', 'Sentadilla trasera con barra', 'Barbell back squat'], ['Back squat', 'Squat', 'Agachamento livre', 'Sentadilla con barra'], 'squat', ['quadriceps', 'glutes', 'hamstrings', 'core'], ['barbell'], 'intermediate', { strain: true }),
  exercise('leg-press', ['Leg press 45°', 'Prensa de piernas 45°', 'Leg press'], ['45-degree leg press', 'Leg press machine', 'Prensa', 'Leg press inclinado'], 'squat', ['quadriceps', 'glutes'], ['machine'], 'beginner', { strain: true }),
  exercise('leg-extension', ['Cadeira extensora', 'Sillón de cuádriceps', 'Leg extension'], ['Knee extension machine', 'Extensora', 'Extensión de piernas'], 'squat', ['quadriceps'], ['machine'], 'beginner'),
  exercise('wall-sit', ['Agachamento isométrico na parede', 'Sentadilla isométrica en la pared', 'Wall sit'], ['Wall squat hold', 'Cadeirinha', 'Sentadilla en pared'], 'squat', ['quadriceps', 'glutes'], ['bodyweight'], 'beginner', { strain: true, timed: true }),
  exercise('jump-squat', ['Agachamento com salto', 'Sentadilla con salto', 'Jump squat'], ['Squat jump', 'Agachamento pliométrico', 'Sentadilla pliométrica'], 'squat', ['quadriceps', 'glutes', 'calves'], ['bodyweight'], 'intermediate', { impact: 'high' }),

  // Single leg: lunges and step-ups.
  exercise('reverse-lunge', ['Afundo para trás', 'Estocada hacia atrás', 'Reverse lunge'], ['Lunge', 'Afundo', 'Zancada hacia atrás', 'Backward lunge'], 'lunge', ['quadriceps', 'glutes'], ['bodyweight', 'dumbbell'], 'beginner'),
  exercise('walking-lunge', ['Passada', 'Estocadas caminando', 'Walking lunge'], ['Dumbbell walking lunge', 'Afundo caminhando', 'Zancadas'], 'lunge', ['quadriceps', 'glutes', 'hamstrings'], ['dumbbell'], 'intermediate'),
  exercise('step-up', ['Subida no banco', 'Subida al cajón', 'Step-up'], ['Box step-up', 'Dumbbell step-up', 'Step'], 'lunge', ['quadriceps', 'glutes'], ['bench', 'dumbbell'], 'beginner'),
  exercise('bulgarian-split-squat', ['Agachamento búlgaro', 'Sentadilla búlgara', 'Bulgarian split squat'], ['Rear-foot elevated split squat', 'Split squat', 'Búlgaro'], 'lunge', ['quadriceps', 'glutes'], ['dumbbell', 'bench'], 'intermediate'),

  // Hip-dominant: bridges and deadlifts.
  exercise('glute-bridge', ['Elevação de quadril no solo', 'Puente de glúteos', 'Glute bridge'], ['Hip bridge', 'Ponte de glúteo', 'Ponte', 'Puente'], 'hinge', ['glutes', 'hamstrings', 'core'], ['mat'], 'beginner'),
  exercise('hip-thrust', ['Elevação pélvica com barra', 'Hip thrust con barra', 'Barbell hip thrust'], ['Hip thrust', 'Elevação pélvica', 'Empuje de cadera'], 'hinge', ['glutes', 'hamstrings'], ['barbell', 'bench'], 'intermediate', { strain: true }),
  exercise('dumbbell-romanian-deadlift', ['Levantamento terra romeno com halteres', 'Peso muerto rumano con mancuernas', 'Dumbbell Romanian deadlift'], ['Romanian deadlift', 'RDL', 'Stiff', 'Stiff-legged deadlift', 'Terra romeno'], 'hinge', ['hamstrings', 'glutes', 'back'], ['dumbbell'], 'intermediate'),
  exercise('barbell-deadlift', ['Levantamento terra', 'Peso muerto con barra', 'Barbell deadlift'], ['Deadlift', 'Conventional deadlift', 'Terra', 'Peso muerto'], 'hinge', ['hamstrings', 'glutes', 'back', 'core'], ['barbell'], 'advanced', { strain: true }),
  exercise('lying-leg-curl', ['Mesa flexora', 'Camilla de isquiotibiales', 'Lying leg curl'], ['Hamstring curl', 'Leg curl', 'Flexora', 'Curl femoral'], 'hinge', ['hamstrings'], ['machine'], 'beginner'),

  // Horizontal push.
  exercise('incline-push-up', ['Flexão de braços inclinada', 'Flexiones inclinadas', 'Incline push-up'], ['Hands-elevated push-up', 'Bench push-up', 'Flexão no banco'], 'push', ['chest', 'triceps', 'shoulders'], ['bench'], 'beginner'),
  exercise('knee-push-up', ['Flexão de braços com joelhos apoiados', 'Flexiones con rodillas apoyadas', 'Knee push-up'], ['Modified push-up', 'Flexão ajoelhada', 'Lagartija de rodillas'], 'push', ['chest', 'triceps', 'shoulders'], ['mat'], 'beginner'),
  exercise('push-up', ['Flexão de braços', 'Flexiones de brazos', 'Push-up'], ['Press-up', 'Flexão', 'Lagartijas', 'Flexiones'], 'push', ['chest', 'triceps', 'shoulders', 'core'], ['bodyweight'], 'intermediate'),
  exercise('machine-chest-press', ['Supino máquina', 'Press de pecho en máquina', 'Machine chest press'], ['Chest press', 'Seated chest press', 'Supino sentado'], 'push', ['chest', 'triceps', 'shoulders'], ['machine'], 'beginner'),
  exercise('dumbbell-bench-press', ['Supino reto com halteres', 'Press de banca con mancuernas', 'Dumbbell bench press'], ['Dumbbell chest press', 'Flat dumbbell press', 'Supino com halteres'], 'push', ['chest', 'triceps', 'shoulders'], ['dumbbell', 'bench'], 'beginner'),
  exercise('incline-dumbbell-press', ['Supino inclinado com halteres', 'Press inclinado con mancuernas', 'Incline dumbbell press'], ['Incline chest press', 'Supino inclinado'], 'push', ['chest', 'shoulders', 'triceps'], ['dumbbell', 'bench'], 'intermediate'),
  exercise('barbell-bench-press', ['Supino reto com barra', 'Press de banca con barra', 'Barbell bench press'], ['Bench press', 'Flat bench press', 'Supino', 'Press de banca'], 'push', ['chest', 'triceps', 'shoulders'], ['barbell', 'bench'], 'intermediate', { strain: true }),
  exercise('dumbbell-fly', ['Crucifixo com halteres', 'Aperturas con mancuernas', 'Dumbbell fly'], ['Chest fly', 'Crucifixo reto', 'Aperturas'], 'push', ['chest', 'shoulders'], ['dumbbell', 'bench'], 'intermediate'),

  // Shoulders.
  exercise('seated-dumbbell-shoulder-press', ['Desenvolvimento com halteres sentado', 'Press de hombros con mancuernas sentado', 'Seated dumbbell shoulder press'], ['Dumbbell shoulder press', 'Overhead press', 'Desenvolvimento', 'Press militar con mancuernas'], 'shoulders', ['shoulders', 'triceps'], ['dumbbell', 'bench'], 'beginner'),
  exercise('barbell-overhead-press', ['Desenvolvimento militar com barra', 'Press militar con barra', 'Barbell overhead press'], ['Military press', 'Overhead press', 'OHP', 'Standing press'], 'shoulders', ['shoulders', 'triceps', 'core'], ['barbell'], 'advanced', { strain: true }),
  exercise('lateral-raise', ['Elevação lateral', 'Elevaciones laterales', 'Lateral raise'], ['Dumbbell lateral raise', 'Side raise', 'Vuelos laterales'], 'shoulders', ['shoulders'], ['dumbbell'], 'beginner'),
  exercise('face-pull', ['Face pull na polia', 'Face pull en polea', 'Cable face pull'], ['Face pull', 'Rope face pull', 'Puxada para o rosto'], 'shoulders', ['shoulders', 'back'], ['cable'], 'beginner'),
  exercise('band-pull-apart', ['Abertura com elástico', 'Aperturas con banda elástica', 'Band pull-apart'], ['Resistance band pull-apart', 'Crucifixo invertido com elástico'], 'shoulders', ['shoulders', 'back'], ['band'], 'beginner'),

  // Pull.
  exercise('lat-pulldown', ['Puxada frontal', 'Jalón al pecho', 'Lat pulldown'], ['Pulldown', 'Front pulldown', 'Puxada alta', 'Polea al pecho'], 'pull', ['back', 'biceps'], ['machine', 'cable'], 'beginner'),
  exercise('seated-cable-row', ['Remada sentada na polia', 'Remo sentado en polea', 'Seated cable row'], ['Cable row', 'Low row', 'Remada baixa', 'Remo bajo'], 'pull', ['back', 'biceps'], ['cable'], 'beginner'),
  exercise('one-arm-dumbbell-row', ['Remada unilateral com halter', 'Remo a una mano con mancuerna', 'One-arm dumbbell row'], ['Dumbbell row', 'Single-arm row', 'Serrote', 'Remo con mancuerna'], 'pull', ['back', 'biceps'], ['dumbbell', 'bench'], 'beginner'),
  exercise('band-row', ['Remada com elástico', 'Remo con banda elástica', 'Resistance band row'], ['Band row', 'Elastic row', 'Remada elástica'], 'pull', ['back', 'biceps'], ['band'], 'beginner'),
  exercise('assisted-pull-up', ['Barra fixa assistida', 'Dominadas asistidas', 'Assisted pull-up'], ['Machine-assisted pull-up', 'Band-assisted pull-up', 'Graviton'], 'pull', ['back', 'biceps'], ['machine'], 'intermediate'),
  exercise('barbell-row', ['Remada curvada com barra', 'Remo con barra', 'Barbell bent-over row'], ['Bent-over row', 'Barbell row', 'Remada curvada', 'Remo inclinado'], 'pull', ['back', 'biceps', 'hamstrings'], ['barbell'], 'intermediate', { strain: true }),
  exercise('pull-up', ['Barra fixa', 'Dominadas', 'Pull-up'], ['Chin-up', 'Pullup', 'Barra', 'Dominada'], 'pull', ['back', 'biceps'], ['pull-up bar'], 'advanced'),

  // Arms.
  exercise('dumbbell-curl', ['Rosca direta com halteres', 'Curl de bíceps con mancuernas', 'Dumbbell biceps curl'], ['Biceps curl', 'Bicep curl', 'Rosca bíceps', 'Curl de bíceps'], 'biceps', ['biceps'], ['dumbbell'], 'beginner'),
  exercise('hammer-curl', ['Rosca martelo', 'Curl martillo', 'Hammer curl'], ['Dumbbell hammer curl', 'Neutral-grip curl'], 'biceps', ['biceps', 'forearms'], ['dumbbell'], 'beginner'),
  exercise('triceps-pushdown', ['Tríceps na polia', 'Extensión de tríceps en polea', 'Triceps pushdown'], ['Cable pushdown', 'Rope pushdown', 'Tríceps corda', 'Tríceps pulley'], 'triceps', ['triceps'], ['cable'], 'beginner'),
  exercise('overhead-triceps-extension', ['Tríceps francês com halter', 'Extensión de tríceps sobre la cabeza', 'Overhead dumbbell triceps extension'], ['Overhead triceps extension', 'French press', 'Tríceps francés'], 'triceps', ['triceps'], ['dumbbell'], 'beginner'),
  exercise('bench-dip', ['Mergulho no banco', 'Fondos en banco', 'Bench dip'], ['Triceps dip', 'Chair dip', 'Tríceps banco'], 'triceps', ['triceps', 'chest', 'shoulders'], ['bench'], 'intermediate'),

  // Core.
  exercise('dead-bug', ['Dead bug', 'Bicho muerto', 'Dead bug'], ['Inseto morto', 'Dead bug crunch'], 'core', ['core'], ['mat'], 'beginner'),
  exercise('bird-dog', ['Perdigueiro', 'Cuadrupedia alterna', 'Bird dog'], ['Quadruped arm and leg raise', 'Bird-dog', 'Superman alternado'], 'core', ['core', 'back', 'glutes'], ['mat'], 'beginner'),
  exercise('crunch', ['Abdominal supra', 'Abdominales crunch', 'Crunch'], ['Ab crunch', 'Abdominal', 'Sit-up curto'], 'core', ['core'], ['mat'], 'beginner'),
  exercise('bicycle-crunch', ['Abdominal bicicleta', 'Abdominales bicicleta', 'Bicycle crunch'], ['Bicycle', 'Cross crunch'], 'core', ['core'], ['mat'], 'intermediate'),
  exercise('pallof-press', ['Pallof press', 'Press Pallof', 'Pallof press'], ['Anti-rotation press', 'Antirrotação no cabo'], 'core', ['core'], ['cable', 'band'], 'intermediate'),
  exercise('plank', ['Prancha abdominal', 'Plancha', 'Plank'], ['Front plank', 'Forearm plank', 'Prancha', 'Plancha abdominal'], 'core', ['core', 'shoulders'], ['mat'], 'beginner', { strain: true, timed: true }),
  exercise('side-plank', ['Prancha lateral', 'Plancha lateral', 'Side plank'], ['Lateral plank', 'Side bridge'], 'core', ['core'], ['mat'], 'intermediate', { strain: true, timed: true }),

  // Calves.
  exercise('standing-calf-raise', ['Elevação de panturrilha em pé', 'Elevación de talones de pie', 'Standing calf raise'], ['Calf raise', 'Panturrilha em pé', 'Gemelos de pie'], 'calves', ['calves'], ['bodyweight', 'dumbbell'], 'beginner'),

  // Cardio.
  exercise('brisk-walk', ['Caminhada rápida', 'Caminata rápida', 'Brisk walking'], ['Power walking', 'Walking', 'Caminhada', 'Caminata'], 'cardio', ['cardio'], ['bodyweight'], 'beginner'),
  exercise('incline-treadmill-walk', ['Caminhada inclinada na esteira', 'Caminata en cinta con inclinación', 'Incline treadmill walk'], ['Treadmill walk', 'Incline walking', 'Esteira', 'Cinta'], 'cardio', ['cardio', 'glutes', 'calves'], ['treadmill'], 'beginner'),
  exercise('stationary-bike', ['Bicicleta ergométrica', 'Bicicleta fija', 'Stationary bike'], ['Exercise bike', 'Spin bike', 'Bike', 'Bicicleta estática'], 'cardio', ['cardio', 'quadriceps'], ['bike'], 'beginner'),
  exercise('elliptical', ['Elíptico', 'Elíptico', 'Elliptical trainer'], ['Cross trainer', 'Elliptical', 'Transport'], 'cardio', ['cardio', 'full body'], ['elliptical'], 'beginner'),
  exercise('swimming', ['Natação', 'Natación', 'Swimming'], ['Lap swimming', 'Nado'], 'cardio', ['cardio', 'full body'], ['pool'], 'beginner'),
  exercise('rowing-machine', ['Remo ergômetro', 'Remo ergómetro', 'Rowing machine'], ['Rower', 'Indoor rowing', 'Erg', 'Remo indoor'], 'cardio', ['cardio', 'back', 'full body'], ['rower'], 'intermediate'),
  exercise('jogging', ['Corrida leve', 'Trote', 'Jogging'], ['Running', 'Run', 'Corrida', 'Correr'], 'cardio', ['cardio', 'calves'], ['bodyweight', 'treadmill'], 'intermediate', { impact: 'high' }),

  // Conditioning: short intervals only.
  exercise('jump-rope', ['Pular corda', 'Saltar la soga', 'Jump rope'], ['Skipping rope', 'Rope skipping', 'Corda', 'Saltar la cuerda'], 'conditioning', ['cardio', 'calves'], ['jump rope'], 'intermediate', { impact: 'high' }),
  exercise('jumping-jacks', ['Polichinelo', 'Saltos de tijera', 'Jumping jacks'], ['Star jumps', 'Polichinelos', 'Jumping jack'], 'conditioning', ['cardio', 'full body'], ['bodyweight'], 'beginner', { impact: 'high' }),
  exercise('burpee', ['Burpee', 'Burpees', 'Burpee'], ['Burpees', 'Squat thrust'], 'conditioning', ['full body', 'cardio'], ['bodyweight'], 'advanced', { impact: 'high' }),
  exercise('mountain-climber', ['Escalador', 'Escaladores', 'Mountain climber'], ['Mountain climbers', 'Alpinista', 'Escalador abdominal'], 'conditioning', ['core', 'full body', 'cardio'], ['bodyweight'], 'intermediate', { impact: 'high' }),

  // Mobility.
  exercise('cat-cow', ['Gato-camelo', 'Gato-vaca', 'Cat-cow stretch'], ['Cat-camel', 'Cat cow', 'Spinal flexion and extension'], 'mobility', ['back', 'core'], ['mat'], 'beginner'),
  exercise('hip-flexor-stretch', ['Alongamento de flexores do quadril', 'Estiramiento de flexores de cadera', 'Hip flexor stretch'], ['Kneeling hip flexor stretch', 'Half-kneeling stretch', 'Alongamento do psoas'], 'mobility', ['hip flexors', 'quadriceps'], ['mat'], 'beginner'),
  exercise('hamstring-stretch', ['Alongamento de posteriores da coxa', 'Estiramiento de isquiotibiales', 'Hamstring stretch'], ['Seated hamstring stretch', 'Alongamento posterior', 'Elongación de isquios'], 'mobility', ['hamstrings'], ['mat'], 'beginner'),
  exercise('open-book-rotation', ['Rotação torácica (livro aberto)', 'Rotación torácica (libro abierto)', 'Open-book thoracic rotation'], ['Thoracic rotation', 'Open book stretch', 'Mobilidade torácica'], 'mobility', ['back', 'shoulders'], ['mat'], 'beginner'),
];
