/** The words of a built-in diet in each language (es-AR in voseo, as the app's catalog). */
import type { ActivityLevel, DietaryRestriction, MedicalCondition } from '#protocol/domain/client-enums.ts';
import type { NutritionField } from '#protocol/domain/nutrition.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { MealSlot } from './foods.ts';

export interface EnergyFigures {
  bmr: string;
  tdee: string;
  activity: string;
}

export interface DietCopy {
  title: (goal: string, kcal: string) => string;
  activity: Record<ActivityLevel, string>;
  fields: Record<NutritionField, string>;
  restrictions: Record<DietaryRestriction, string>;
  conditions: Record<MedicalCondition, string>;
  analysis: (figures: EnergyFigures) => string;
  deficit: (target: string, kcal: string, kg: string) => string;
  surplus: (target: string, kcal: string, kg: string) => string;
  maintain: (target: string) => string;
  raised: (computed: string, target: string) => string;
  missing: (fields: string, target: string) => string;
  split: (protein: number, carbs: number, fat: number) => string;
  respects: (list: string) => string;
  considers: (list: string) => string;
  /** Labels the meal parser reads in every language ('Alimentos:', 'Foods:', 'Preparo:', …). */
  foodsLabel: string;
  preparationLabel: string;
  preparation: Record<MealSlot, string>;
  lowSodium: string;
  hydration: (liters: string) => string;
  hydrationByWeight: (liters: string) => string;
  glycemicTip: string;
  sodiumTip: string;
  thyroidTip: string;
  otherConditionTip: string;
  veganTip: string;
  generalTips: readonly string[];
}

const PT_BR: DietCopy = {
  title: (goal, kcal) => `Plano alimentar — ${goal} (${kcal} kcal)`,
  activity: { sedentary: 'sedentário', light: 'leve', moderate: 'moderado', active: 'ativo', veryActive: 'muito ativo' },
  fields: { birthDate: 'data de nascimento', gender: 'sexo', height: 'altura', currentWeight: 'peso atual' },
  restrictions: { vegetarian: 'vegetariana', vegan: 'vegana', glutenFree: 'sem glúten', lactoseFree: 'sem lactose', sugarFree: 'sem açúcar', lowCarb: 'baixo carboidrato' },
  conditions: {
    diabetes: 'diabetes',
    hypertension: 'hipertensão',
    hypothyroidism: 'hipotireoidismo',
    metabolicSyndrome: 'síndrome metabólica',
    heartProblems: 'problemas cardíacos',
    other: 'outra condição',
  },
  analysis: ({ bmr, tdee, activity }) => `Metabolismo basal (Mifflin-St Jeor): ${bmr} kcal. Gasto total diário (nível de atividade ${activity}): ${tdee} kcal.`,
  deficit: (target, kcal, kg) => `Meta de ${target} kcal por dia: déficit de ${kcal} kcal, cerca de ${kg} kg a menos por semana.`,
  surplus: (target, kcal, kg) => `Meta de ${target} kcal por dia: superávit de ${kcal} kcal, cerca de ${kg} kg a mais por semana.`,
  maintain: (target) => `Meta de ${target} kcal por dia, para manter o peso.`,
  raised: (computed, target) => `O cálculo resultou em ${computed} kcal, abaixo do mínimo seguro; a meta foi elevada para ${target} kcal.`,
  missing: (fields, target) =>
    `Faltam dados no perfil (${fields}) para calcular o gasto energético; usamos a meta padrão de ${target} kcal. Complete o perfil e gere o plano de novo.`,
  split: (protein, carbs, fat) => `Macronutrientes: ${protein}% proteínas, ${carbs}% carboidratos e ${fat}% gorduras.`,
  respects: (list) => `Restrições respeitadas: ${list}.`,
  considers: (list) => `Condições de saúde consideradas: ${list}.`,
  foodsLabel: 'Alimentos',
  preparationLabel: 'Preparo',
  preparation: {
    breakfast: 'Prepare na hora e tome as bebidas sem açúcar; ovos ou tofu vão em frigideira antiaderente, sem óleo extra.',
    morningSnack: 'Leve pronto de casa e coma devagar.',
    lunch: 'Proteína grelhada, assada ou cozida, sem fritura; monte metade do prato com os vegetais e tempere a salada com limão e o azeite.',
    afternoonSnack: 'Monte em um pote; dá para levar para o trabalho.',
    dinner: 'Preparo leve: grelhado, assado ou no vapor; regue os vegetais com o azeite ao servir.',
    supper: 'Cerca de 1 hora antes de dormir, em porção pequena.',
  },
  lowSodium: 'Tempere com ervas, alho e limão, com pouco sal.',
  hydration: (liters) => `Beba cerca de ${liters} L de água por dia, distribuídos ao longo do dia.`,
  hydrationByWeight: (liters) => `Beba cerca de ${liters} L de água por dia (35 ml por kg de peso), distribuídos ao longo do dia.`,
  glycemicTip:
    'Prefira carboidratos integrais e ricos em fibras, sempre junto de uma proteína; evite açúcar, doces e sucos, e monitore a glicemia conforme a orientação médica.',
  sodiumTip:
    'Limite o sal a menos de 5 g por dia (cerca de 1 colher de chá): tempere com ervas, alho e limão e evite embutidos, enlatados, temperos prontos e frituras.',
  thyroidTip: 'Tome a levotiroxina em jejum, de 30 a 60 minutos antes do café da manhã, longe de leite, café e suplementos de cálcio ou ferro.',
  otherConditionTip: 'Siga as orientações do seu médico sobre a sua condição e informe ao nutricionista os medicamentos em uso.',
  veganTip: 'Na alimentação vegana a vitamina B12 precisa ser suplementada: converse com o nutricionista ou o médico.',
  generalTips: [
    'Monte metade do prato do almoço e do jantar com vegetais: eles dão saciedade com poucas calorias.',
    'Mantenha os horários das refeições e coma devagar, mastigando bem.',
    'Planeje as refeições da semana e deixe lanches prontos para não ficar sem opção.',
    'Durma de 7 a 9 horas por noite: dormir mal aumenta a fome.',
  ],
};

const ES_AR: DietCopy = {
  title: (goal, kcal) => `Plan alimentario — ${goal} (${kcal} kcal)`,
  activity: { sedentary: 'sedentario', light: 'leve', moderate: 'moderado', active: 'activo', veryActive: 'muy activo' },
  fields: { birthDate: 'fecha de nacimiento', gender: 'sexo', height: 'altura', currentWeight: 'peso actual' },
  restrictions: {
    vegetarian: 'vegetariana',
    vegan: 'vegana',
    glutenFree: 'sin gluten (sin TACC)',
    lactoseFree: 'sin lactosa',
    sugarFree: 'sin azúcar',
    lowCarb: 'baja en carbohidratos',
  },
  conditions: {
    diabetes: 'diabetes',
    hypertension: 'hipertensión',
    hypothyroidism: 'hipotiroidismo',
    metabolicSyndrome: 'síndrome metabólico',
    heartProblems: 'problemas cardíacos',
    other: 'otra condición',
  },
  analysis: ({ bmr, tdee, activity }) => `Metabolismo basal (Mifflin-St Jeor): ${bmr} kcal. Gasto diario total (nivel de actividad ${activity}): ${tdee} kcal.`,
  deficit: (target, kcal, kg) => `Meta de ${target} kcal por día: déficit de ${kcal} kcal, unos ${kg} kg menos por semana.`,
  surplus: (target, kcal, kg) => `Meta de ${target} kcal por día: superávit de ${kcal} kcal, unos ${kg} kg más por semana.`,
  maintain: (target) => `Meta de ${target} kcal por día, para mantener el peso.`,
  raised: (computed, target) => `El cálculo dio ${computed} kcal, por debajo del mínimo seguro; la meta se subió a ${target} kcal.`,
  missing: (fields, target) =>
    `Faltan datos en el perfil (${fields}) para calcular el gasto energético; usamos la meta estándar de ${target} kcal. Completá el perfil y generá el plan de nuevo.`,
  split: (protein, carbs, fat) => `Macronutrientes: ${protein}% proteínas, ${carbs}% carbohidratos y ${fat}% grasas.`,
  respects: (list) => `Restricciones respetadas: ${list}.`,
  considers: (list) => `Condiciones de salud consideradas: ${list}.`,
  foodsLabel: 'Alimentos',
  preparationLabel: 'Preparación',
  preparation: {
    breakfast: 'Prepará todo en el momento y tomá las bebidas sin azúcar; los huevos o el tofu van en sartén antiadherente, sin aceite extra.',
    morningSnack: 'Llevala lista desde casa y comé despacio.',
    lunch: 'Proteína a la plancha, al horno o hervida, sin frituras; armá medio plato con las verduras y condimentá la ensalada con limón y el aceite de oliva.',
    afternoonSnack: 'Armala en un recipiente; se puede llevar al trabajo.',
    dinner: 'Cocción liviana: a la plancha, al horno o al vapor; agregá el aceite de oliva a las verduras al servir.',
    supper: 'Alrededor de 1 hora antes de dormir, en porción chica.',
  },
  lowSodium: 'Condimentá con hierbas, ajo y limón, con poca sal.',
  hydration: (liters) => `Tomá unos ${liters} L de agua por día, repartidos a lo largo del día.`,
  hydrationByWeight: (liters) => `Tomá unos ${liters} L de agua por día (35 ml por kg de peso), repartidos a lo largo del día.`,
  glycemicTip:
    'Elegí carbohidratos integrales y ricos en fibra, siempre junto con una proteína; evitá el azúcar, los dulces y los jugos, y controlá la glucemia según la indicación médica.',
  sodiumTip:
    'Limitá la sal a menos de 5 g por día (alrededor de 1 cucharadita): condimentá con hierbas, ajo y limón y evitá fiambres, enlatados, caldos en cubo y frituras.',
  thyroidTip: 'Tomá la levotiroxina en ayunas, de 30 a 60 minutos antes del desayuno, lejos de la leche, el café y los suplementos de calcio o hierro.',
  otherConditionTip: 'Seguí las indicaciones de tu médico sobre tu condición y contale al nutricionista qué medicamentos tomás.',
  veganTip: 'En la alimentación vegana hay que suplementar la vitamina B12: consultalo con el nutricionista o el médico.',
  generalTips: [
    'Armá medio plato del almuerzo y de la cena con verduras: dan saciedad con pocas calorías.',
    'Respetá los horarios de las comidas y comé despacio, masticando bien.',
    'Planificá las comidas de la semana y dejá colaciones listas para no quedarte sin opciones.',
    'Dormí de 7 a 9 horas por noche: dormir mal aumenta el hambre.',
  ],
};

const EN_US: DietCopy = {
  title: (goal, kcal) => `Meal plan — ${goal} (${kcal} kcal)`,
  activity: { sedentary: 'sedentary', light: 'light', moderate: 'moderate', active: 'active', veryActive: 'very active' },
  fields: { birthDate: 'birth date', gender: 'sex', height: 'height', currentWeight: 'current weight' },
  restrictions: { vegetarian: 'vegetarian', vegan: 'vegan', glutenFree: 'gluten-free', lactoseFree: 'lactose-free', sugarFree: 'sugar-free', lowCarb: 'low-carb' },
  conditions: {
    diabetes: 'diabetes',
    hypertension: 'hypertension',
    hypothyroidism: 'hypothyroidism',
    metabolicSyndrome: 'metabolic syndrome',
    heartProblems: 'heart problems',
    other: 'another condition',
  },
  analysis: ({ bmr, tdee, activity }) => `Basal metabolic rate (Mifflin-St Jeor): ${bmr} kcal. Total daily energy expenditure (${activity} activity level): ${tdee} kcal.`,
  deficit: (target, kcal, kg) => `Target ${target} kcal a day: a ${kcal} kcal deficit, about ${kg} kg less per week.`,
  surplus: (target, kcal, kg) => `Target ${target} kcal a day: a ${kcal} kcal surplus, about ${kg} kg more per week.`,
  maintain: (target) => `Target ${target} kcal a day, to keep the current weight.`,
  raised: (computed, target) => `The calculation gave ${computed} kcal, below the safe minimum; the target was raised to ${target} kcal.`,
  missing: (fields, target) =>
    `The profile lacks data (${fields}) to estimate energy needs; a standard target of ${target} kcal is used. Complete the profile and generate the plan again.`,
  split: (protein, carbs, fat) => `Macronutrients: ${protein}% protein, ${carbs}% carbohydrates and ${fat}% fat.`,
  respects: (list) => `Dietary restrictions respected: ${list}.`,
  considers: (list) => `Health conditions considered: ${list}.`,
  foodsLabel: 'Foods',
  preparationLabel: 'Preparation',
  preparation: {
    breakfast: 'Make it fresh and keep drinks unsweetened; cook eggs or tofu in a nonstick pan with no extra oil.',
    morningSnack: 'Pack it from home and eat slowly.',
    lunch: 'Grill, bake or boil the protein, never fry; fill half the plate with the vegetables and dress the salad with lemon and the olive oil.',
    afternoonSnack: 'Pack it in a container; easy to take to work.',
    dinner: 'Keep it light: grilled, baked or steamed; drizzle the olive oil over the vegetables when serving.',
    supper: 'About 1 hour before bed, in a small portion.',
  },
  lowSodium: 'Season with herbs, garlic and lemon, and little salt.',
  hydration: (liters) => `Drink about ${liters} L of water a day, spread through the day.`,
  hydrationByWeight: (liters) => `Drink about ${liters} L of water a day (35 ml per kg of body weight), spread through the day.`,
  glycemicTip:
    'Choose whole-grain, high-fiber carbohydrates, always with a protein; avoid sugar, sweets and juices, and check your blood glucose as your doctor advises.',
  sodiumTip: 'Keep salt under 5 g a day (about 1 teaspoon): season with herbs, garlic and lemon, and avoid cold cuts, canned foods, bouillon cubes and fried foods.',
  thyroidTip: 'Take levothyroxine on an empty stomach, 30 to 60 minutes before breakfast, away from milk, coffee and calcium or iron supplements.',
  otherConditionTip: "Follow your doctor's guidance on your condition and tell your nutritionist which medicines you take.",
  veganTip: 'A vegan diet needs a vitamin B12 supplement: talk to your nutritionist or doctor.',
  generalTips: [
    'Fill half of your lunch and dinner plate with vegetables: they satisfy with few calories.',
    'Keep regular meal times and eat slowly, chewing well.',
    "Plan the week's meals and keep snacks ready so you are never without an option.",
    'Sleep 7 to 9 hours a night: poor sleep increases hunger.',
  ],
};

export const DIET_COPY: Record<Locale, DietCopy> = { 'pt-BR': PT_BR, 'es-AR': ES_AR, 'en-US': EN_US };
