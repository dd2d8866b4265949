/**
 * The sample corpus (read in place) and its .mpp files with their MS Project XML twins: the same
 * plan saved by MS Project in both forms (corpus README, "Same project in several formats").
 */
import path from 'node:path';

export const SAMPLES = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');

/** MPP9/12/14 files and their MSPDI twins. */
export const MPP_TWINS: readonly (readonly [mpp: string, xml: string])[] = [
  ['mpxj_mpp9resource.mpp', 'mpxj_mspdiresource.xml'],
  ['mpxj_mpp9assignmentfields.mpp', 'mpxj_mspdiassignmentfields.xml'],
  ['mpxj_task-baselines-project2003-mpp9.mpp', 'mpxj_task-baselines-project2003-mspdi.xml'],
  ['mpxj_task-baselines-project2010-mpp9.mpp', 'mpxj_task-baselines-project2010-mspdi.xml'],
  ['mpxj_mpp12resource.mpp', 'mpxj_mspdiresource.xml'],
  ['mpxj_task-baselines-project2016-mpp12.mpp', 'mpxj_task-baselines-project2016-mspdi.xml'],
  ['mpxj_mpp14resource.mpp', 'mpxj_mspdiresource.xml'],
  ['mpxj_mpp14assignmentfields.mpp', 'mpxj_mspdiassignmentfields.xml'],
  ['mpxj_mpp14assignmentcustom.mpp', 'mpxj_mspdiassignmentcustom.xml'],
  ['mpxj_task-baselines-project2016-mpp14.mpp', 'mpxj_task-baselines-project2016-mspdi.xml'],
  ['mpxj_mpp14baselines.mpp', 'mpxj_baselines.xml'],
  ['mpxj_mpp14costratetable.mpp', 'mpxj_mspdicostratetable.xml'],
  ['mpxj_assignment-assignments-project2019-mpp14.mpp', 'mpxj_assignment-assignments-project2019-mspdi.xml'],
  ['mpxj_task-costs-project2019-mpp14.mpp', 'mpxj_task-costs-project2019-mspdi.xml'],
];
