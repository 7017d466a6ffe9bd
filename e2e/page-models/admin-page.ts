import { expect, type Locator, type Page } from '@playwright/test';

export type DietFormField = 'title' | 'description' | 'dailyCalories' | 'macros' | 'meals' | 'weeklyMenu' | 'tips' | 'substitutions';
export type WorkoutFormField = 'title' | 'description' | 'duration' | 'frequency' | 'weeklySchedule' | 'progressionTips' | 'safetyNotes';

/**
 * /admin (SPEC §2): the user list by diet freshness, the selected user's detail, the diet and
 * workout form dialogs and the confirmations. Language-independent: everything is found by test
 * id, and rows and plans by the name or title they show.
 */
export class AdminPage {
  constructor(readonly page: Page) {}

  readonly userList = () => this.page.getByTestId('admin-user-list');
  readonly search = () => this.page.getByTestId('admin-user-search');
  /** A heading's list: 'upToDate', 'overdue', 'noDiet' or 'staff'. */
  readonly group = (group: 'upToDate' | 'overdue' | 'noDiet' | 'staff') => this.page.getByTestId(`admin-group-${group}`);
  /** The row of a user in the list, by the name (or email) it shows. */
  readonly userRow = (name: string) => this.userList().locator('[data-testid^="admin-user-"]').filter({ hasText: name });
  readonly detail = () => this.page.getByTestId('admin-user-detail');
  readonly nutritionCard = () => this.page.getByTestId('nutrition-card');
  readonly dietForm = () => this.page.getByTestId('diet-form');
  readonly workoutForm = () => this.page.getByTestId('workout-form');
  readonly confirmDialog = () => this.page.getByTestId('confirm-dialog');
  readonly toast = () => this.page.getByTestId('toast');
  /** A diet or workout of the selected user, by its title. */
  readonly diet = (title: string) => this.detail().locator('[data-testid^="admin-diet-"]').filter({ hasText: title });
  readonly workout = (title: string) => this.detail().locator('[data-testid^="admin-workout-"]').filter({ hasText: title });
  readonly planStatus = (plan: Locator) => plan.getByTestId('admin-plan-status');
  readonly publishButton = (plan: Locator) => plan.getByTestId('admin-plan-publish');
  readonly exerciseImageTest = () => this.page.getByTestId('exercise-image-test');

  async open() {
    await this.page.goto('/admin');
    await expect(this.userList()).toBeVisible({ timeout: 15_000 });
  }

  async searchFor(text: string) {
    await this.search().fill(text);
  }

  /** Opens a user's detail (on a narrow screen it replaces the list). */
  async selectUser(name: string) {
    await this.userRow(name).first().click();
    await expect(this.detail()).toBeVisible();
    await expect(this.page.getByTestId('admin-user-name')).toHaveText(name);
  }

  /** Back to the list on a narrow screen, where the detail replaced it. */
  async backToList() {
    await this.page.getByTestId('admin-back').click();
    await expect(this.userList()).toBeVisible();
  }

  async newDiet() {
    await this.detail().getByTestId('admin-new-diet').click();
    await expect(this.dietForm()).toBeVisible();
  }

  async newWorkout() {
    await this.detail().getByTestId('admin-new-workout').click();
    await expect(this.workoutForm()).toBeVisible();
  }

  /** Asks for an AI (or built-in) draft; on success the diet form opens pre-filled. */
  async generateDiet() {
    await this.detail().getByTestId('admin-generate-diet').click();
  }

  async generateWorkout() {
    await this.detail().getByTestId('admin-generate-workout').click();
  }

  async fillDietForm(values: Partial<Record<DietFormField, string>>) {
    for (const [field, value] of Object.entries(values)) await this.dietForm().getByTestId(`diet-form-${field}`).fill(value);
  }

  async fillWorkoutForm(values: Partial<Record<WorkoutFormField, string>>) {
    for (const [field, value] of Object.entries(values)) await this.workoutForm().getByTestId(`workout-form-${field}`).fill(value);
  }

  /** Presses Save in the open form; the caller checks the toast, or the field messages on a rejection. */
  async saveForm() {
    await this.page.getByTestId('plan-form-save').click();
  }

  async cancelForm() {
    await this.page.getByTestId('plan-form-cancel').click();
  }

  async editDiet(title: string) {
    await this.diet(title).getByTestId('admin-plan-edit').click();
    await expect(this.dietForm()).toBeVisible();
  }

  async editWorkout(title: string) {
    await this.workout(title).getByTestId('admin-plan-edit').click();
    await expect(this.workoutForm()).toBeVisible();
  }

  async publishDiet(title: string) {
    await this.publishButton(this.diet(title)).click();
  }

  async publishWorkout(title: string) {
    await this.publishButton(this.workout(title)).click();
  }

  /** Opens the confirmation for deleting a plan; `confirmDelete()` goes ahead. */
  async deleteDiet(title: string) {
    await this.diet(title).getByTestId('admin-plan-delete').click();
    await expect(this.confirmDialog()).toBeVisible();
  }

  async deleteWorkout(title: string) {
    await this.workout(title).getByTestId('admin-plan-delete').click();
    await expect(this.confirmDialog()).toBeVisible();
  }

  /** Opens the confirmation naming the selected user; `confirmDelete()` goes ahead. */
  async deleteUser() {
    await this.detail().getByTestId('admin-delete-user').click();
    await expect(this.confirmDialog()).toBeVisible();
  }

  async confirmDelete() {
    await this.confirmDialog().getByTestId('confirm-dialog-confirm').click();
    await expect(this.confirmDialog()).toHaveCount(0);
  }

  async cancelDelete() {
    await this.confirmDialog().getByTestId('confirm-dialog-cancel').click();
    await expect(this.confirmDialog()).toHaveCount(0);
  }

  /** The hidden exercise-image test: opens it, sends `file` and waits for the result or a toast. */
  async testExerciseImage(file: string) {
    await this.page.getByTestId('admin-exercise-image-test').click();
    await expect(this.exerciseImageTest()).toBeVisible();
    await this.exerciseImageTest().getByTestId('exercise-image-input').setInputFiles(file);
    await this.exerciseImageTest().getByTestId('exercise-image-send').click();
  }
}
